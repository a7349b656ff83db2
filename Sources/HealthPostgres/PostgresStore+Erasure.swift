#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import PostgresNIO

/// Erasing a person: every row under their name, in one transaction, with an audit row left.
extension PostgresStore {
    /// The tables holding people's rows: every table of this schema with a `person` column
    /// (records and their children, statistics, anchors, the import log, keys), the import
    /// log last, since anchors refer to it.
    func personTables() async throws -> [String] {
        let names = try await query(
            """
            SELECT c.table_name::text FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND c.column_name = 'person' AND t.table_type = 'BASE TABLE'
            """
        ).map { try $0.decode(String.self) }
        return names.sorted { ($0 == "imports" ? 1 : 0, $0) < ($1 == "imports" ? 1 : 0, $1) }
    }

    /// Erases every row of this store's person and the person themselves (their keys and
    /// backfill) in one transaction, and records who asked and how many rows each table lost in
    /// `erasures`. Returns `nil` when the database holds nothing of them. Fails with
    /// `StoreError.Code.locked` while an import of theirs runs (it would write rows again).
    ///
    /// Run it on a store of its own: it holds the connection for the transaction.
    public func erase(requestedBy: String) async throws -> Erasure? {
        try await inTransaction {
            let locked =
                try await query(
                    "SELECT pg_try_advisory_xact_lock(hashtextextended(\(Self.importLockKey(person)), 0))"
                ).first?.decode(Bool.self) ?? false
            guard locked else {
                throw StoreError(.locked, "an import for \(person) is running; erase their data when it has finished")
            }
            var rows: [(table: String, count: Int)] = []
            for table in try await personTables() {
                let count =
                    try await query(
                        """
                        WITH gone AS (DELETE FROM "\(unescaped: table)" WHERE person = \(person) RETURNING 1) \
                        SELECT count(*) FROM gone
                        """
                    ).first?.decode(Int64.self) ?? 0
                rows.append((table, Int(count)))
            }
            let people = try await query("DELETE FROM people WHERE name = \(person) RETURNING 1").count
            rows.append(("people", people))
            // Nothing was deleted: the commit changes nothing.
            guard rows.contains(where: { $0.count > 0 }) else { return nil }
            var counts = JSONBuffer(capacity: 1024)
            counts.beginObject()
            for row in rows {
                counts.key(row.table)
                counts.integer(row.count)
            }
            counts.endObject()
            let requested = ExportTimestamp.now.iso8601
            let id =
                try await query(
                    """
                    INSERT INTO erasures (subject, requested_by, requested, row_counts) \
                    VALUES (\(person), \(requestedBy), \(requested), \(counts.text)) RETURNING id
                    """
                ).first?.decode(Int64.self) ?? 0
            return Erasure(person: person, requestedBy: requestedBy, requested: requested, rows: rows, auditID: id)
        }
    }
}
#endif
