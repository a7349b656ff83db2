#if PostgreSQL
import Foundation
import Testing

@testable import HealthPostgres

@Suite("The phone_samples migration", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PhoneSamplesMigrationTests {
    private func applied(_ store: PostgresStore) throws -> [String] {
        try Blocking.run {
            try await store.query("SELECT name FROM healthimport_migrations ORDER BY name").map {
                try $0.decode(String.self)
            }
        }
    }

    @Test("A new database gets phone_samples from migration v12-phone-samples, before any phone writes")
    func newDatabase() throws {
        try ScratchDatabase.with("phone") { url in
            let store = try PostgresStore.open(url: url, person: "someone")
            defer { store.closeWaiting() }
            #expect(try applied(store).contains("v12-phone-samples"))
            let exists = try Blocking.run {
                try await store.query("SELECT to_regclass('phone_samples') IS NOT NULL").first?.decode(Bool.self)
            }
            #expect(exists == true)
        }
    }

    @Test("A database whose server created phone_samples on first use migrates cleanly and keeps its rows")
    func tableMadeOnFirstUse() throws {
        try ScratchDatabase.with("phone") { url in
            // The schema as the release before v11 left it, with the table a phone's upload made.
            let old = try ScratchDatabase.schema(before: "v12-phone-samples", at: url, person: "old")
            try Blocking.run {
                try await old.query(
                    """
                    CREATE TABLE IF NOT EXISTS phone_samples (
                        person TEXT NOT NULL, healthkit_uuid TEXT NOT NULL, uuid TEXT NOT NULL,
                        PRIMARY KEY (person, healthkit_uuid))
                    """)
                try await old.query(
                    "INSERT INTO phone_samples (person, healthkit_uuid, uuid) VALUES ('old', 'A-1', 'row-1')")
            }
            old.closeWaiting()
            let migrated = try PostgresStore.open(url: url, person: "old")
            defer { migrated.closeWaiting() }
            #expect(try applied(migrated).contains("v12-phone-samples"))
            let rows = try Blocking.run {
                try await migrated.query("SELECT uuid FROM phone_samples WHERE healthkit_uuid = 'A-1'").map {
                    try $0.decode(String.self)
                }
            }
            #expect(rows == ["row-1"])
        }
    }
}
#endif
