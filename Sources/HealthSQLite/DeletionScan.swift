import GRDB
import GRDBSQLite
import HealthCore
import HealthExport

/// The SQL side of finding deletions: one ordered pass over a type's stored records in a
/// range, and the marks. The rule is ``DeletionFinder``'s.
enum DeletionScan {
    /// The tables a type's records can be in: table, type expression, start column, whether
    /// the table's key is `(type, start_unix, uuid)`.
    static let tables: [(table: String, type: String, start: String, keyedByType: Bool)] = [
        ("quantity_samples", "type", "start_unix", true), ("weight_samples", "type", "start_unix", false),
        ("category_samples", "type", "start_unix", true), ("correlations", "type", "start_unix", false),
        ("workouts", "activity_type", "start_unix", false), ("audiograms", "type", "start_unix", false),
        ("clinical_records", "type", "received_unix", false), ("vision_prescriptions", "type", "issued_unix", false),
        ("activity_summaries", "'\(ActivitySummary.typeIdentifier)'", "start_unix", false),
        ("routes", "'\(RouteTrack.typeIdentifier)'", "start_unix", false),
        ("electrocardiograms", "'\(Electrocardiogram.typeIdentifier)'", "recorded_unix", false),
    ]

    /// Visits every record of `type` starting in `from...through` that no newer sync version replaced.
    static func scan(
        _ db: Database, type: String, from: Int64?, through: Int64, visit: (StoredRecord) throws -> Void
    ) throws {
        for (place, entry) in tables.enumerated() {
            if entry.type.hasPrefix("'"), entry.type != "'\(type)'" { continue }
            // A record created after the export was taken cannot be missing from it.
            let created = Self.hasCreation(entry.table) ? " AND (creation_unix IS NULL OR creation_unix <= ?)" : ""
            let typeMatches = entry.keyedByType ? StoreSchema.typeIDMatches : "\(entry.type) = ?"
            let statement = try db.cachedStatement(
                sql: """
                    SELECT uuid, \(entry.start), deleted_by IS NOT NULL FROM \(StoreSchema.rows(of: entry.table)) \
                    WHERE \(typeMatches) AND \(entry.start) BETWEEN ? AND ? AND replaced_by IS NULL\(created)
                    """)
            var arguments: StatementArguments = [type, from ?? Int64.min, through]
            if !created.isEmpty { arguments += [through] }
            try statement.setArguments(arguments)
            let handle = statement.sqliteStatement
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    sqlite3_reset(handle)
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "scanning \(entry.table)")
                }
                guard let text = sqlite3_column_text(handle, 0),
                    let id = RecordID(
                        utf8: UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, 0))))
                else { continue }
                try visit(
                    StoredRecord(
                        id: id, start: sqlite3_column_int64(handle, 1),
                        isMarkedDeleted: sqlite3_column_int(handle, 2) != 0,
                        place: place))
            }
            sqlite3_reset(handle)
        }
    }

    static func hasCreation(_ table: String) -> Bool {
        ["quantity_samples", "weight_samples", "category_samples", "correlations", "workouts", "audiograms"]
            .contains(table)
    }

    /// Marks the findings' deletions as seen gone by `importID` and clears the marks of restorations.
    static func apply(_ findings: DeletionFindings, importID: Int64, _ db: Database) throws {
        for (type, records) in findings.deletions {
            for record in records { try mark(record, type: type, deletedBy: importID, db) }
        }
        for (type, records) in findings.restorations {
            for record in records { try mark(record, type: type, deletedBy: nil, db) }
        }
    }

    private static func mark(_ record: StoredRecord, type: String, deletedBy: Int64?, _ db: Database) throws {
        let entry = tables[record.place]
        if entry.keyedByType {
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE \(StoreSchema.rows(of: entry.table)) SET deleted_by = ? \
                    WHERE \(StoreSchema.typeIDMatches) AND start_unix = ? AND uuid = ?
                    """)
            try statement.execute(arguments: [deletedBy, type, record.start, record.id.description])
        } else {
            let statement = try db.cachedStatement(sql: "UPDATE \(entry.table) SET deleted_by = ? WHERE uuid = ?")
            try statement.execute(arguments: [deletedBy, record.id.description])
        }
    }
}
