#if PostgreSQL
import Foundation
import Testing

@testable import HealthPostgres

@Suite("The text-in-byte-order migration", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ByteOrderMigrationTests {
    /// The text columns of the store's tables whose collation is not `C`, as `table.column`.
    private func linguisticColumns(_ store: PostgresStore) throws -> [String] {
        try Blocking.run {
            try await store.query(
                """
                SELECT c.relname || '.' || a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
                JOIN pg_collation l ON l.oid = a.attcollation
                WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND a.attnum > 0
                    AND NOT a.attisdropped AND a.atttypid = 'text'::regtype AND l.collname <> 'C'
                ORDER BY 1
                """
            ).map { try $0.decode(String.self) }
        }
    }

    private func views(_ store: PostgresStore) throws -> [String] {
        try Blocking.run {
            try await store.query(
                "SELECT viewname::text FROM pg_views WHERE schemaname = current_schema() ORDER BY 1"
            ).map { try $0.decode(String.self) }
        }
    }

    @Test("Text compares in byte order after it, views are made again, and a user's view keeps its table as it was")
    func textInByteOrder() throws {
        try ScratchDatabase.with("byteorder") { url in
            let old = try ScratchDatabase.schema(before: "v14-text-in-byte-order", at: url, person: "ann")
            // A language's collation, as a database made with en_US.UTF-8 gives every column.
            let language = try Blocking.run {
                try await old.query(
                    "SELECT collname::text FROM pg_collation WHERE collname IN ('und-x-icu', 'en_US.utf8', 'en_US') ORDER BY 1 DESC"
                ).first?.decode(String.self)
            }
            let collation = try #require(language, "this PostgreSQL has no ICU and no en_US locale")
            try Blocking.run {
                try await old.query(
                    unsafeSQL: "ALTER TABLE metadata ALTER COLUMN key TYPE text COLLATE \"\(collation)\"")
                try await old.query(
                    "INSERT INTO metadata (person, record_uuid, position, key, value) VALUES ('ann', 'r1', 0, 'a', 'x'), ('ann', 'r2', 0, 'B', 'y')"
                )
                try await old.query("CREATE VIEW users_weights AS SELECT person, uuid FROM weight_samples")
            }
            let keysBefore = try Blocking.run {
                try await old.query("SELECT key FROM metadata ORDER BY key").map { try $0.decode(String.self) }
            }
            #expect(keysBefore == ["a", "B"])
            let viewsBefore = try views(old)
            #expect(viewsBefore.count > 10)
            #expect(try linguisticColumns(old).contains("metadata.key"))
            old.closeWaiting()

            let migrated = try PostgresStore.open(url: url, person: "ann")
            defer { migrated.closeWaiting() }
            let keys = try Blocking.run {
                try await migrated.query("SELECT key FROM metadata ORDER BY key").map { try $0.decode(String.self) }
            }
            #expect(keys == ["B", "a"])
            #expect(try views(migrated) == viewsBefore)
            // The user's view holds weight_samples' columns as they were; every other table moved.
            let left = try linguisticColumns(migrated)
            #expect(!left.isEmpty)
            #expect(left.allSatisfy { $0.hasPrefix("weight_samples.") }, "\(left)")
            let rows = try Blocking.run {
                try await migrated.query("SELECT count(*) FROM weight_over_time").first?.decode(Int.self)
            }
            #expect(rows == 0)
        }
    }

    @Test("A new database's text columns all compare in byte order")
    func newDatabase() throws {
        try ScratchDatabase.with("bytenew") { url in
            let store = try PostgresStore.open(url: url, person: "ann")
            defer { store.closeWaiting() }
            #expect(try linguisticColumns(store) == [])
            #expect(try views(store).contains("daily_steps"))
        }
    }
}
#endif
