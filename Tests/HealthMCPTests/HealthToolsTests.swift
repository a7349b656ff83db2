#if MCP
import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import HealthQuery
import HealthSQLite
import MCP
import Testing

@testable import HealthMCP

/// The MCP server's tools over a store of ``QueryExport``'s two exports: answers from current
/// rows only, and errors that tell the assistant what to change.
@Suite struct HealthToolsTests {
    /// A store holding both exports, and the tools over it.
    static func tools(in folder: TemporaryFolder) throws -> HealthTools {
        try QueryExport.importBoth(in: folder) { try HealthStore.open(path: folder.database) }
        return HealthTools(reader: try StoreReader(path: folder.database))
    }

    /// The text of a call's answer, and whether it is an error.
    static func text(_ result: CallTool.Result) throws -> (text: String, isError: Bool) {
        guard case .text(let text, _, _) = try #require(result.content.first) else {
            Issue.record("the answer is not text: \(result.content)")
            return ("", true)
        }
        return (text, result.isError ?? false)
    }

    @Test("list_types names the stored types with their row counts")
    func listTypes() async throws {
        let folder = TemporaryFolder()
        let answer = try Self.text(await Self.tools(in: folder).call("list_types", nil))
        #expect(!answer.isError)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [[String: Any]])
        let steps = try #require(rows.first { $0["type"] as? String == "HKQuantityTypeIdentifierStepCount" })
        // Four step samples in the first export, one of them gone from the later one.
        #expect(steps["rows"] as? Int == 3)
    }

    @Test("query_statistics gives the day's steps as the Health app counts them")
    func dailySteps() async throws {
        let folder = TemporaryFolder()
        let answer = try Self.text(
            await Self.tools(in: folder).call(
                "query_statistics", ["type": "steps", "from": "2024-05-10", "to": "2024-05-10"]))
        #expect(!answer.isError, "\(answer.text)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
        #expect(object["aggregation"] as? String == "sum")
        let periods = try #require(object["periods"] as? [[String: Any]])
        #expect(periods.count == 1)
        // 08:00 the Watch (600) wins over the iPhone (500); 11:00 the iPhone alone (400); the
        // 15:00 steps were deleted by the later export.
        #expect((periods.first?["value"] as? NSNumber)?.doubleValue == 1_000)
    }

    @Test(
        "A call the tools cannot answer is an error result that says what to change",
        arguments: [
            ("query_statistics", ["type": Value.string("steps"), "from": "2024-05-11", "to": "2024-05-10"], "after"),
            ("get_records", ["type": Value.string("steps")], "required"),
            ("list_types", ["bogus": Value.int(1)], "bogus"),
            ("drop_tables", [:], "unknown tool"),
            (
                "query_statistics", ["type": Value.string("blood-glucose")],
                "the store holds no HKQuantityTypeIdentifierblood-glucose"
            ),
            (
                "get_records", ["type": Value.string("NoSuchType"), "from": "2024-05-10", "to": "2024-05-10"],
                "its types are"
            ),
            ("list_sources", ["type": Value.string("nonsense")], "HKQuantityTypeIdentifierStepCount"),
        ])
    func refusals(tool: String, arguments: [String: Value], says: String) async throws {
        let folder = TemporaryFolder()
        let answer = try Self.text(await Self.tools(in: folder).call(tool, arguments))
        #expect(answer.isError)
        #expect(answer.text.contains(says), "\(answer.text)")
    }

    @Test("A resource the store cannot read is an error that says what the store said")
    func unreadableSchema() async throws {
        let folder = TemporaryFolder()
        try QueryExport.importBoth(in: folder) { try HealthStore.open(path: folder.database) }
        let resources = SchemaResources(reader: GoneStore(reader: try StoreReader(path: folder.database)))
        await #expect {
            _ = try await resources.read(SchemaResources.sqlURI)
        } throws: { error in
            "\(error)".contains("cannot reach the store: connection refused") && !"\(error)".contains("StoreError")
        }
        let guide = try await resources.read(SchemaResources.guideURI)
        #expect(guide.contents.count == 1)
    }
}

/// A store whose schema cannot be read, as when its database went away.
private struct GoneStore: StoreReading {
    let reader: StoreReader
    var location: String { reader.location }
    func status() async throws -> StoreStatus { try await reader.status() }
    func sources(type: String?) async throws -> [SourceSummary] { try await reader.sources(type: type) }
    func records(type: String, from: String, to: String, limit: Int, cursor: String?) async throws -> RecordPage {
        try await reader.records(type: type, from: from, to: to, limit: limit, cursor: cursor)
    }
    func schemaSQL() async throws -> String {
        throw StoreError(.unavailable, "cannot reach the store: connection refused")
    }
    var statistics: any DailyStatistics { reader.statistics }
    func workoutDays(from: String?) async throws -> [WorkoutDay] { try await reader.workoutDays(from: from) }
    func rings(from: String?, days: Int) async throws -> [RingDay] { try await reader.rings(from: from, days: days) }
    func parallelReader() async throws -> (any StoreReading)? { nil }
}
#endif
