import GRDB
import HealthCore
import HealthExport

extension HealthStore {
    /// Tables with a type column and a start, for ``status()``.
    static let typedTables: [(table: String, type: String, start: String)] = [
        ("quantity_samples", "type", "start_unix"), ("weight_samples", "type", "start_unix"),
        ("category_samples", "type", "start_unix"), ("correlations", "type", "start_unix"),
        ("workouts", "activity_type", "start_unix"), ("audiograms", "type", "start_unix"),
        ("clinical_records", "type", "received_unix"), ("vision_prescriptions", "type", "issued_unix"),
        ("activity_summaries", "'\(ActivitySummary.typeIdentifier)'", "start_unix"),
        ("routes", "'\(RouteTrack.typeIdentifier)'", "start_unix"),
        ("electrocardiograms", "'\(Electrocardiogram.typeIdentifier)'", "recorded_unix"),
        ("exports", "'HealthExport'", "export_unix"),
    ]

    /// Per-type rows, dates and anchors, and the last ten imports.
    public func status() throws -> StoreStatus {
        try read { db in
            let anchors = try Anchor.fetchAll(db)
            var types: [String: TypeStatus] = [:]
            for (table, type, start) in Self.typedTables {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT \(type), count(*), min(\(start)), max(\(start)) FROM \(table) GROUP BY 1")
                for row in rows {
                    let name: String = row[0]
                    types[name] = TypeStatus(
                        type: name, rows: row[1], firstStart: Self.iso(row[2]), lastStart: Self.iso(row[3]))
                }
            }
            let finished = try Dictionary(
                Row.fetchAll(db, sql: "SELECT a.type, i.finished FROM anchors a JOIN imports i ON i.id = a.import_id")
                    .map { ($0[0] as String, $0[1] as String?) }, uniquingKeysWith: { $1 })
            for (type, anchor) in anchors {
                types[type, default: TypeStatus(type: type, rows: 0)].anchor = anchor
                types[type]?.lastImport = finished[type] ?? nil
            }
            let imports = try Row.fetchAll(
                db, sql: "SELECT \(ImportRecord.columns) FROM imports ORDER BY id DESC LIMIT 10"
            ).map(ImportRecord.init)
            return StoreStatus(types: types.values.sorted { $0.type < $1.type }, imports: imports)
        }
    }

    static func iso(_ seconds: Int64?) -> String? {
        seconds.map { ExportTimestamp(secondsSince1970: $0, offsetMinutes: 0).iso8601 }
    }
}
