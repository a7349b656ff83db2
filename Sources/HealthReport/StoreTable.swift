import HealthCore

/// The table of what the store holds: per type its rows and dates, and the latest imports.
enum StoreTable {
    static func html(_ status: StoreStatus) -> String {
        var out =
            "<table><thead><tr><th>type</th><th class=\"n\">rows</th><th>first</th><th>last</th><th>last import</th></tr></thead><tbody>"
        for type in status.types where type.rows > 0 {
            out +=
                "<tr><td>\(HTMLText.escape(shortName(type.type)))</td><td class=\"n\">\(HTMLText.number(Double(type.rows)))</td>"
            out +=
                "<td>\(day(type.firstStart))</td><td>\(day(type.lastStart))</td><td>\(day(type.lastImport))</td></tr>"
        }
        out += "</tbody></table>"
        if !status.imports.isEmpty {
            out +=
                "<h3>Latest imports</h3><table><thead><tr><th>#</th><th>export</th><th>started</th><th>outcome</th><th class=\"n\">new records</th><th>window</th></tr></thead><tbody>"
            for record in status.imports.prefix(5) {
                out +=
                    "<tr><td>\(record.id)</td><td>\(HTMLText.escape(record.input))</td><td>\(HTMLText.escape(String(record.started.prefix(16)).replacingOccurrences(of: "T", with: " ")))</td>"
                out +=
                    "<td>\(record.outcome.rawValue)</td><td class=\"n\">\(record.newCount.map { HTMLText.number(Double($0)) } ?? "")</td><td>\(HTMLText.escape(record.window))</td></tr>"
            }
            out += "</tbody></table>"
        }
        return out
    }

    static func day(_ timestamp: String?) -> String {
        timestamp.map { HTMLText.escape(String($0.prefix(10))) } ?? ""
    }

    /// The identifier without its HealthKit prefix, for a narrower table.
    static func shortName(_ type: String) -> String {
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKWorkoutActivityType",
            "HKDataType",
        ] where type.hasPrefix(prefix) {
            let rest = String(type.dropFirst(prefix.count))
            return prefix == "HKWorkoutActivityType" ? "Workout: " + HealthReport.activityName(rest) : rest
        }
        return type
    }
}
