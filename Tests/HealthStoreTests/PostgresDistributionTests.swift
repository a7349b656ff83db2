#if PostgreSQL
import HealthFixtures
import Testing

@testable import HealthPostgres

/// The schema a database sharded by person needs (docs/server.md, "One person, first in every
/// key"): checked on the catalog of a migrated database, so a later migration cannot break it
/// unnoticed.
@Suite("The PostgreSQL schema can be distributed by person", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresDistributionTests {
    /// Tables every person shares: a token finds its key before the person is known, and the
    /// erasure audit outlives the person. They stay whole on the coordinator, as does the list of
    /// applied migrations.
    static let directories: Set<String> = ["people", "person_keys", "erasures"]

    static func rows(_ sql: String) throws -> [(String, String)] {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("schema"))
        defer { store.closeWaiting() }
        return try Blocking.run {
            try await store.query(unsafeSQL: sql).map { try $0.decode((String, String).self) }
        }
    }

    @Test("Every per-person table has the person first in its primary key")
    func personFirst() throws {
        let firstKeyColumns = try Self.rows(
            """
            SELECT c.relname::text, coalesce(a.attname::text, '')
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
            LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
            LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
            WHERE c.relkind = 'r'
            """)
        let tables = firstKeyColumns.filter { !Self.directories.contains($0.0) && $0.0 != "healthimport_migrations" }
        #expect(tables.count >= 25, "\(tables.map(\.0))")
        let others = tables.filter { $0.1 != "person" }.map(\.0)
        #expect(others.isEmpty, "tables whose primary key does not start with person: \(others)")
    }

    @Test("No foreign key joins rows without the person in its key")
    func foreignKeysCarryThePerson() throws {
        let keys = try Self.rows(
            """
            SELECT con.conname::text, con.conrelid::regclass::text
            FROM pg_constraint con
            JOIN pg_namespace n ON n.oid = con.connamespace AND n.nspname = current_schema()
            WHERE con.contype = 'f' AND NOT EXISTS (
                SELECT 1 FROM pg_attribute a
                WHERE a.attrelid = con.conrelid AND a.attname = 'person' AND a.attnum = ANY (con.conkey))
            """)
        #expect(keys.isEmpty, "foreign keys without the person: \(keys)")
    }
}
#endif
