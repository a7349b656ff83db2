#if PostgreSQL
import Foundation

@testable import HealthPostgres

/// A database of a test's own on the test PostgreSQL, for migrations from an older schema.
enum ScratchDatabase {
    /// Runs `body` with the URL of a new database named after `label`, dropped afterwards.
    static func with(_ label: String, _ body: (_ url: String) throws -> Void) throws {
        let base = TestPostgres.url!
        let name = "healthimport_\(label)_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try PostgresStore.open(url: base, person: "")
        defer { admin.closeWaiting() }
        try Blocking.run { try await admin.query("CREATE DATABASE \(unescaped: name)") }
        defer { _ = try? Blocking.run { try await admin.query("DROP DATABASE \(unescaped: name) WITH (FORCE)") } }
        try body(String(base[..<base.lastIndex(of: "/")!]) + "/" + name)
    }

    /// Builds the schema as the release before `migration` left it (every migration before it,
    /// logged as applied) in the empty database at `url`; returns a store of `person` on it that
    /// did not migrate, for the test to add the rows of that time.
    static func schema(before migration: String, at url: String, person: String) throws -> PostgresStore {
        let parsed = try PostgresURL(url)
        let old = try Blocking.run { try await PostgresStore.connect(url: parsed, person: person, migrate: false) }
        try Blocking.run {
            try await old.query(
                "CREATE TABLE healthimport_migrations (name TEXT PRIMARY KEY, applied TEXT NOT NULL)")
            for earlier in PostgresSchema.migrations.prefix(while: { $0.name != migration }) {
                for statement in earlier.sql { try await old.query(unsafeSQL: statement) }
                try await old.query(
                    "INSERT INTO healthimport_migrations (name, applied) VALUES (\(earlier.name), 'then')")
            }
        }
        return old
    }
}
#endif
