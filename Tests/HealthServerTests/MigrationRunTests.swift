#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import Testing

@testable import HealthPostgres

@Suite(
    "Applying a database's pending migrations", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct MigrationRunTests {
    /// `body`'s answer over a connection to `url` that applies no migration.
    private func unmigrated<T>(_ url: String, _ body: @escaping @Sendable (PostgresStore) async throws -> T) throws -> T
    {
        let parsed = try PostgresURL(url)
        let store = try Blocking.run { try await PostgresStore.connect(url: parsed, migrate: false) }
        defer { store.closeWaiting() }
        return try Blocking.run { try await body(store) }
    }

    private func applied(_ url: String) throws -> [String] {
        try unmigrated(url) { store in
            try await store.query("SELECT name FROM healthimport_migrations ORDER BY name").map {
                try $0.decode(String.self)
            }
        }
    }

    private func tableExists(_ name: String, at url: String) throws -> Bool {
        try unmigrated(url) { store in
            try await store.query("SELECT to_regclass(\(name)) IS NOT NULL").first?.decode(Bool.self) ?? false
        }
    }

    @Test("A migration that fails takes the ones before it in the same run back: the database stays as it was")
    func failureLeavesTheDatabaseAsItWas() throws {
        try ScratchDatabase.with("migrations") { url in
            let old = try ScratchDatabase.schema(before: "v12-phone-samples", at: url, person: "jo")
            // v13 creates heartbeat_series: a table of that name already there makes it fail.
            try Blocking.run { try await old.query("CREATE TABLE heartbeat_series (in_the_way INT)") }
            old.closeWaiting()
            let before = try applied(url)
            #expect(!before.contains("v12-phone-samples"))

            #expect(throws: StoreError.self) { try PostgresStore.open(url: url, person: "jo").closeWaiting() }
            #expect(try applied(url) == before, "no migration of the failed run is recorded")
            #expect(try !tableExists("phone_samples", at: url), "v12's table went with the failed run")

            _ = try unmigrated(url) { store in try await store.query("DROP TABLE heartbeat_series") }
            let migrated = try PostgresStore.open(url: url, person: "jo")
            migrated.closeWaiting()
            #expect(try applied(url) == PostgresSchema.migrations.map(\.name).sorted())
            #expect(try tableExists("phone_samples", at: url))
        }
    }

    @Test("Opening a database set up by an earlier version announces its pending migrations; a new or current one none")
    func announcesPendingMigrations() throws {
        try ScratchDatabase.with("announce") { url in
            let announced = Locked<[[String]]>([])
            let note: @Sendable ([String]) -> Void = { names in announced.withLock { $0.append(names) } }
            try PostgresStore.open(url: url, person: "jo", announceMigrations: note).closeWaiting()
            #expect(announced.load().isEmpty, "a new database's schema is made without a word")
        }
        try ScratchDatabase.with("announce") { url in
            try ScratchDatabase.schema(before: "v12-phone-samples", at: url, person: "jo").closeWaiting()
            let announced = Locked<[[String]]>([])
            let note: @Sendable ([String]) -> Void = { names in announced.withLock { $0.append(names) } }
            try PostgresStore.open(url: url, person: "jo", announceMigrations: note).closeWaiting()
            try PostgresStore.open(url: url, person: "jo", announceMigrations: note).closeWaiting()
            let pending = PostgresSchema.migrations.map(\.name).drop { $0 != "v12-phone-samples" }
            #expect(announced.load() == [Array(pending)])
        }
    }

    @Test("serve and mcp say that they update a database set up by an earlier version, and then serve")
    func serverAndMCPAnnounceMigrations() throws {
        try ScratchDatabase.with("announce_serve") { url in
            try ScratchDatabase.schema(before: "v12-phone-samples", at: url, person: "jo").closeWaiting()
            let serve = try ServeProcess(database: url)
            let log = serve.stderr
            #expect(serve.stop() == 0)
            #expect(log.contains("updating the database to this version's layout (v12-phone-samples, "), "\(log)")
            #expect(try applied(url) == PostgresSchema.migrations.map(\.name).sorted())
        }
        try ScratchDatabase.with("announce_mcp") { url in
            try ScratchDatabase.schema(before: "v12-phone-samples", at: url, person: "jo").closeWaiting()
            let mcp = try Tool.healthimport(["mcp", "--db", url, "--person", "jo"], input: "")
            #expect(mcp.stdout.isEmpty, "standard output is the protocol's alone")
            #expect(
                mcp.stderr.hasPrefix("healthimport: updating the store to this version's layout (v12-phone-samples, "),
                "\(mcp.stderr)")
        }
    }
}
#endif
