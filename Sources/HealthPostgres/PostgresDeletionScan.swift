#if PostgreSQL
import HealthCore
import HealthExport
import NIOCore
import PostgresNIO

/// The PostgreSQL side of finding deletions, as the SQLite store's `DeletionScan`: one pass over
/// a person's stored records of a type in a range, and the marks. The rule is `DeletionFinder`'s.
enum PostgresDeletionScan {
    /// The tables a type's records can be in: table, type expression, start column.
    static let tables = RecordTables.records

    /// Tables whose rows have a creation date.
    static let withCreation: Set<String> = [
        "quantity_samples", "weight_samples", "category_samples", "correlations", "workouts", "audiograms",
    ]

    /// Stored rows read per query.
    static let rowsPerPage = 50_000

    /// UUIDs per `UPDATE` statement when marking.
    static let uuidsPerStatement = 10_000

    /// Finds the deletions and restorations of `plan` in `person`'s rows, on `connection` inside
    /// the run's transaction, and marks them; throws `DeletionsRefused` as `DeletionFinder` does.
    static func run(
        _ plan: DeletionPlan, addedByRun: [String: Int], store: PostgresStore, on connection: PostgresConnection
    ) throws -> DeletionFindings {
        let findings = try DeletionFinder.find(plan, addedByRun: addedByRun) { type, from, through, visit in
            for (place, entry) in tables.enumerated() {
                if entry.type.hasPrefix("'"), entry.type != "'\(type)'" { continue }
                // A record created after the export was taken cannot be missing from it.
                let created =
                    withCreation.contains(entry.table) ? " AND (creation_unix IS NULL OR creation_unix <= $4)" : ""
                // Pages in key order, so memory holds one page whatever the type's size.
                let sql = """
                    SELECT uuid, \(entry.start), deleted_by IS NOT NULL FROM \(entry.table) \
                    WHERE person = $1 AND \(entry.type) = $5 AND \(entry.start) BETWEEN $2 AND $3 \
                    AND replaced_by IS NULL\(created) AND (\(entry.start), uuid) > ($6, $7) \
                    ORDER BY \(entry.start), uuid LIMIT \(rowsPerPage)
                    """
                var after: (start: Int64, id: String) = (Int64.min, "")
                while true {
                    var binds = PostgresBindings(capacity: 7)
                    binds.append(store.person)
                    binds.append(from ?? Int64.min)
                    binds.append(through)
                    binds.append(through)
                    binds.append(type)
                    binds.append(after.start)
                    binds.append(after.id)
                    var rows = 0
                    var page: [StoredRecord] = []
                    // The key of the page's last row, its UUID as stored.
                    var last: (start: Int64, uuid: ByteBuffer)?
                    try store.stream(PostgresQuery(unsafeSQL: sql, binds: binds), on: connection) { row in
                        var cells = row.makeIterator()
                        guard let uuid = cells.next(), let start = cells.next(), let marked = cells.next() else {
                            return
                        }
                        rows += 1
                        let startUnix = try RowCells.int64(start)
                        last = (startUnix, uuid.bytes ?? ByteBuffer())
                        guard let id = RowCells.recordID(uuid) else { return }
                        page.append(
                            StoredRecord(
                                id: id, start: startUnix, isMarkedDeleted: try marked.decode(Bool.self), place: place))
                    }
                    for record in page { try visit(record) }
                    guard rows == rowsPerPage, let last else { break }
                    after = (last.start, String(buffer: last.uuid))
                }
            }
        }
        try Blocking.run(watching: connection, url: store.url) {
            for (_, records) in findings.deletions {
                try await mark(records, deletedBy: plan.importID, store: store, on: connection)
            }
            for (_, records) in findings.restorations {
                try await mark(records, deletedBy: nil, store: store, on: connection)
            }
        }
        return findings
    }

    /// Sets `deleted_by` of `records` (`nil`: current again).
    private static func mark(
        _ records: [StoredRecord], deletedBy: Int64?, store: PostgresStore, on connection: PostgresConnection
    ) async throws {
        let byTable = Dictionary(grouping: records, by: \.place)
        for (place, records) in byTable.sorted(by: { $0.key < $1.key }) {
            let table = tables[place].table
            var start = 0
            while start < records.count {
                let slice = records[start..<min(start + uuidsPerStatement, records.count)]
                start += uuidsPerStatement
                let uuids = slice.map { $0.id.description }
                // deleted_by: the import that found the records gone, or NULL.
                _ = try await store.query(
                    """
                    UPDATE \(unescaped: table) SET deleted_by = \(deletedBy) \
                    WHERE person = \(store.person) AND uuid = ANY(\(uuids))
                    """, on: connection)
            }
        }
    }
}
#endif
