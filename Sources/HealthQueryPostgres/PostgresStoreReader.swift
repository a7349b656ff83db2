#if PostgreSQL
import HealthCore
import HealthPostgres
import HealthQuery

/// One person's answers to the read-only questions of ``StoreReading`` in a PostgreSQL store:
/// the report and the MCP server read them as they read an SQLite store, by the same queries
/// (``StoreSQLDialect/postgres``), every one of them bound to the store's person. A question
/// after the database restarted opens a new connection (``ReopeningStore``).
public struct PostgresStoreReader: StoreReading {
    /// The person's store, reopened after a restart.
    public let store: ReopeningStore
    private let queries = StoreReadQueries(.postgres)

    /// Reads `store`'s person; a question fails when it has no answer within `answerSeconds`.
    public init(store: PostgresStore, answerSeconds: Int = ReopeningStore.defaultAnswerSeconds) {
        self.store = ReopeningStore(store, answerSeconds: answerSeconds)
    }

    /// Opens the database at `url` for `person`; fails (``StoreError``) when it cannot be
    /// reached or does not know the person (`PostgresStore.requireKnownPerson()`), so that a
    /// mistyped name is not read as an empty store. A question fails when it has no answer within
    /// `answerSeconds`. `announceMigrations`: as `PostgresStore.connect` takes it.
    public static func open(
        url: String, person: String, answerSeconds: Int = ReopeningStore.defaultAnswerSeconds,
        announceMigrations: (@Sendable ([String]) -> Void)? = nil
    ) async throws -> PostgresStoreReader {
        let store = try await PostgresStore.connect(
            url: PostgresURL(url), person: person, announceMigrations: announceMigrations)
        do {
            try await store.requireKnownPerson()
        } catch {
            await store.close()
            throw error
        }
        return PostgresStoreReader(store: store, answerSeconds: answerSeconds)
    }

    public var location: String { store.location }

    public func status() async throws -> StoreStatus {
        try await store.answer { try await $0.status() }
    }

    public func sources(type: String?) async throws -> [SourceSummary] {
        try await queries.sources(type: type) { query in
            try await store.answer { try await PostgresRows.fetch($0, query) }
        }
    }

    public func records(type: String, from: String, to: String, limit: Int, cursor: String?) async throws -> RecordPage
    {
        try await queries.records(type: type, from: from, to: to, limit: limit, cursor: cursor) {
            query in try await store.answer { try await PostgresRows.fetch($0, query) }
        }
    }

    public var statistics: any DailyStatistics { PostgresDailyStatistics(store: store) }

    public func workoutDays(from: String?) async throws -> [WorkoutDay] {
        StoreReadQueries.workoutDays(
            try await store.answer { [queries] in try await PostgresRows.fetch($0, queries.workoutDays(from: from)) })
    }

    public func rings(from: String?, days: Int) async throws -> [RingDay] {
        StoreReadQueries.rings(
            try await store.answer { [queries] in
                try await PostgresRows.fetch($0, queries.rings(from: from, days: days))
            })
    }

    /// `nil`: the store reads on its one connection.
    public func parallelReader() async throws -> (any StoreReading)? {
        nil
    }

    /// Every table's and view's `CREATE` statement, written from the database's catalog.
    public func schemaSQL() async throws -> String {
        let rows = try await store.answer { try await PostgresRows.fetch($0, Self.schemaQuery) }
        return rows.compactMap { $0.first?.text }.joined(separator: "\n\n")
    }

    /// The catalog's `CREATE` statements; `$1`, the person every query binds, only so that the
    /// statement takes it.
    private static let schemaQuery: StoreQuery = (
        """
        SELECT CASE c.relkind WHEN 'v'
            THEN 'CREATE VIEW ' || c.relname || ' AS' || E'\\n' || pg_get_viewdef(c.oid, true)
            ELSE 'CREATE TABLE ' || c.relname || ' (' || E'\\n' || (
                SELECT string_agg('    ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                    || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END, E',\\n' ORDER BY a.attnum)
                FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)
                || E'\\n);'
            END
        FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'v')
            AND $1::text IS NOT NULL
        ORDER BY c.relkind, c.relname
        """, []
    )
}
#endif
