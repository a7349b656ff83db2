#if PostgreSQL
import PostgresNIO

extension PostgresStore {
    /// The tables whose figures ``analyzeGrownTables(on:)`` keeps up to date.
    static let analyzedTables =
        (PostgresSchema.recordTables + PostgresSchema.workoutTables).map(\.name) + ["statistics"]

    /// Has the server take new figures of each store table an import grew by more than a fifth
    /// since the planner last counted it, or that it never counted.
    ///
    /// Autovacuum takes them later, and only once a tenth of a table's rows changed: a person
    /// new to a large table may never be counted. Until then the planner believes the person's
    /// rows few and picks plans for few rows, which reads of all of them (the Parquet tables, an
    /// export) pay for many times over. The size of the table's file tells the growth at once,
    /// where the server's own counts of changed rows arrive late.
    func analyzeGrownTables(on connection: PostgresConnection) async throws {
        let names = Self.analyzedTables
        let grown = try await query(
            """
            SELECT c.relname::text FROM pg_class c
            WHERE c.relkind = 'r' AND c.relnamespace = to_regnamespace(current_schema())
                AND c.relname = ANY(\(names)) AND pg_relation_size(c.oid) > 0
                AND (c.reltuples < 0
                    OR pg_relation_size(c.oid) > 1.2 * c.relpages * current_setting('block_size')::bigint)
            """, on: connection)
        let tables = try grown.map { try $0.decode(String.self) }
        guard !tables.isEmpty else { return }
        // A smaller sample than autovacuum's, which comes later with its own: enough to tell a
        // person's thousands of rows from a handful, at a fraction of the cost. A table another
        // session holds is left to that session: most often autovacuum, analysing the rows the
        // import committed as it went, which would be cancelled only after the deadlock timeout.
        try await inTransaction(on: connection) {
            try await query("SET LOCAL default_statistics_target = 30", on: connection)
            try await query("SET LOCAL lock_timeout = '2s'", on: connection)
            try await query(unsafeSQL: "ANALYZE (SKIP_LOCKED) " + tables.joined(separator: ", "), on: connection)
        }
    }
}
#endif
