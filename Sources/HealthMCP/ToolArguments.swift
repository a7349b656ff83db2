#if MCP
import HealthCore
import HealthQuery
import MCP

/// A tool's arguments, checked one by one: unknown names, wrong kinds and malformed values
/// are refused with a message that says which argument and why.
struct ToolArguments {
    let tool: String
    private let values: [String: Value]

    init(tool: String, values: [String: Value]?, allowed: Set<String>) throws {
        self.tool = tool
        self.values = values ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw QueryError(
                "\(tool): unknown argument '\(unknown.prefix(60))' (it takes: \(allowed.sorted().joined(separator: ", ")))"
            )
        }
    }

    /// A string argument, or `nil` when absent.
    func string(_ name: String) throws -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw QueryError("\(tool): '\(name)' must be a string") }
        return text
    }

    /// A day written `yyyy-MM-dd`, or `nil` when absent.
    func day(_ name: String) throws -> String? {
        guard let text = try string(name) else { return nil }
        guard DayText.isValid(text) else {
            throw QueryError("\(tool): '\(name)' must be a day written yyyy-MM-dd, not '\(text.prefix(40))'")
        }
        return text
    }

    /// An integer in `range`, or `nil` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        let number: Int? =
            value.intValue ?? value.doubleValue.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
        guard let number, range.contains(number) else {
            throw QueryError("\(tool): '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// One of `choices`, or `nil` when absent.
    func choice(_ name: String, _ choices: [String]) throws -> String? {
        guard let text = try string(name) else { return nil }
        guard choices.contains(text) else {
            throw QueryError("\(tool): '\(name)' must be one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// A record type: an identifier (`HKQuantityTypeIdentifierStepCount`), a short name
    /// (`StepCount`) or a friendly name (`steps`), resolved to an identifier.
    func type(_ name: String) throws -> String {
        guard let text = try string(name) else { throw QueryError("\(tool): '\(name)' is required") }
        guard (1...120).contains(text.utf8.count),
            text.utf8.allSatisfy({
                $0 < 128
                    && ($0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0)
                        || (97...122).contains($0))
            })
        else {
            throw QueryError(
                "\(tool): '\(name)' must be a type name such as HKQuantityTypeIdentifierStepCount, StepCount or steps")
        }
        if let friendly = TypeSelection.friendlyNames.first(where: { $0.key == text })?.value.first,
            !friendly.hasPrefix("kind:")
        {
            return friendly
        }
        if text.hasPrefix("HK") { return text }
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKWorkoutActivityType",
            "HKCorrelationTypeIdentifier",
        ] {
            if text.hasPrefix(prefix.replacingOccurrences(of: "HK", with: "")) { return "HK" + text }
        }
        return "HKQuantityTypeIdentifier" + text
    }
}
#endif
