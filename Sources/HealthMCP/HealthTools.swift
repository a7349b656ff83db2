#if MCP
import Foundation
import HealthCore
import HealthQuery
import MCP

/// The server's tools: what they are called, what they take, and how they answer.
struct HealthTools: Sendable {
    let reader: any StoreReading

    /// Periods a statistics answer may hold; ask for a shorter range or a longer interval beyond.
    static let maximumPeriods = 1_000

    static let list: [Tool] = [
        Tool(
            name: "list_types",
            description:
                "The record types in the store (HealthKit identifiers), each with its row count and the first and last start (UTC).",
            inputSchema: schema([:]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "list_sources",
            description:
                "The sources (apps and devices) that wrote the records, with their row counts and types; optionally for one type.",
            inputSchema: schema(["type": typeProperty]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "query_statistics",
            description: """
                Daily, weekly or monthly figures of one type: totals for cumulative types (steps, distance, energy; \
                the largest total of any one source per day, since iPhone and Watch count the same steps), \
                average/minimum/maximum for the others (heart rate, weight in kg). For sleep (HKCategoryTypeIdentifierSleepAnalysis \
                or 'sleep'): minutes per stage per night. Days are the records' local days.
                """,
            inputSchema: schema(
                [
                    "type": typeProperty,
                    "from": dayProperty("First day (yyyy-MM-dd), inclusive."),
                    "to": dayProperty("Last day (yyyy-MM-dd), inclusive."),
                    "interval": .object([
                        "type": "string", "enum": .array(["day", "week", "month"]),
                        "description": "Period of each figure (default day); weeks start on Monday.",
                    ]),
                ], required: ["type"]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "get_records",
            description:
                "Records of one type whose local start day is in from...to, in time order, a page at a time (limit at most \(maximumPageSize)); pass nextCursor back as cursor for the next page.",
            inputSchema: schema(
                [
                    "type": typeProperty,
                    "from": dayProperty("First day (yyyy-MM-dd), inclusive."),
                    "to": dayProperty("Last day (yyyy-MM-dd), inclusive."),
                    "limit": .object([
                        "type": "integer", "minimum": 1, "maximum": .int(maximumPageSize),
                        "description": "Records per page (default 100).",
                    ]),
                    "cursor": .object(["type": "string", "description": "nextCursor of the previous page."]),
                ], required: ["type", "from", "to"]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "get_status",
            description: "What the store holds per type (rows, dates, anchors, last import) and the latest imports.",
            inputSchema: schema([:]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
    ]

    private static let typeProperty: Value = .object([
        "type": "string",
        "description":
            "A HealthKit identifier (HKQuantityTypeIdentifierStepCount), a short name (StepCount) or a friendly name (steps, weight, heart-rate, resting-heart-rate, hrv, sleep, ...).",
    ])

    private static func dayProperty(_ description: String) -> Value {
        .object(["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": .string(description)])
    }

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    /// Answers a call: JSON text, or an error result that says what was wrong with the call.
    func call(_ name: String, _ arguments: [String: Value]?) async -> CallTool.Result {
        do {
            let text = try await answer(name, arguments)
            return .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        } catch let error as QueryError {
            return .init(content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true)
        } catch let error as StoreError {
            return .init(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
        } catch {
            return .init(content: [.text(text: "\(name): \(error)", annotations: nil, _meta: nil)], isError: true)
        }
    }

    private func answer(_ name: String, _ values: [String: Value]?) async throws -> String {
        switch name {
        case "list_types":
            _ = try ToolArguments(tool: name, values: values, allowed: [])
            return try Self.json(await reader.types().map(TypeRow.init))
        case "list_sources":
            let arguments = try ToolArguments(tool: name, values: values, allowed: ["type"])
            let type = try arguments.string("type") == nil ? nil : try await storedType(arguments)
            return try Self.json(await reader.sources(type: type))
        case "query_statistics":
            let arguments = try ToolArguments(tool: name, values: values, allowed: ["type", "from", "to", "interval"])
            return try await statistics(arguments)
        case "get_records":
            let arguments = try ToolArguments(
                tool: name, values: values, allowed: ["type", "from", "to", "limit", "cursor"])
            let type = try await storedType(arguments)
            guard let from = try arguments.day("from"), let to = try arguments.day("to") else {
                throw QueryError("get_records: 'from' and 'to' are required")
            }
            guard from <= to else { throw QueryError("get_records: 'from' is after 'to'") }
            let limit = try arguments.integer("limit", in: 1...maximumPageSize) ?? 100
            let cursor = try arguments.string("cursor")
            return try Self.json(
                await reader.records(type: type, from: from, to: to, limit: limit, cursor: cursor))
        case "get_status":
            _ = try ToolArguments(tool: name, values: values, allowed: [])
            let status = try await reader.status()
            return try Self.json(StatusAnswer(status))
        default:
            throw QueryError(
                "unknown tool '\(name.prefix(60))': the tools are \(Self.list.map(\.name).joined(separator: ", "))")
        }
    }

    /// The type `arguments` names, which must be one the store holds: another would be answered
    /// with nothing, which reads as "no such data" when the name was only not understood.
    private func storedType(_ arguments: ToolArguments) async throws -> String {
        let type = try arguments.type("type")
        let stored = try await reader.types().map(\.type).sorted()
        guard stored.contains(type) else {
            let names =
                stored.count > 40 ? stored.prefix(40).joined(separator: ", ") + ", ..." : stored.joined(separator: ", ")
            throw QueryError(
                "\(arguments.tool): the store holds no \(type) (a name it did not understand, or no rows): its types are \(names)"
            )
        }
        return type
    }

    private func statistics(_ arguments: ToolArguments) async throws -> String {
        let type = try await storedType(arguments)
        let from = try arguments.day("from")
        let to = try arguments.day("to")
        if let from, let to, from > to { throw QueryError("query_statistics: 'from' is after 'to'") }
        let interval = try arguments.choice("interval", ["day", "week", "month"]) ?? "day"
        if type == "HKCategoryTypeIdentifierSleepAnalysis" {
            let nights = try await reader.statistics.sleep(from: from, to: to)
            guard nights.count <= Self.maximumPeriods else { throw tooMany(nights.count) }
            return try Self.json(SleepAnswer(type: type, nights: nights))
        }
        guard type.hasPrefix("HKQuantityTypeIdentifier"), StoredStatistics.hasStatistics(type) else {
            throw QueryError(
                "query_statistics: '\(type)' has no statistics: take a quantity type (steps, weight, heart-rate, ...) or sleep"
            )
        }
        let days = try await reader.statistics.daily(type: type, from: from, to: to)
        let periods = PeriodFolding.fold(days, interval: interval, cumulative: StoredStatistics.isCumulative(type))
        guard periods.count <= Self.maximumPeriods else { throw tooMany(periods.count) }
        let unit: String?
        if let first = days.first {
            unit = first.unit
        } else {
            unit = try await self.unit(of: type)
        }
        return try Self.json(
            StatisticsAnswer(
                type: type, interval: interval,
                aggregation: StoredStatistics.isCumulative(type) ? "sum" : "average", unit: unit, periods: periods))
    }

    private func tooMany(_ count: Int) -> QueryError {
        QueryError(
            "query_statistics: \(count) periods is more than \(Self.maximumPeriods): give a shorter from...to or a longer interval"
        )
    }

    private func unit(of type: String) async throws -> String? {
        if type == "HKQuantityTypeIdentifierBodyMass" { return "kg" }
        return try await reader.records(type: type, from: "1900-01-01", to: "2999-12-31", limit: 1, cursor: nil).records
            .first?.unit
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
#endif
