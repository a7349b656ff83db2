#if PostgreSQL
import Foundation
import Testing

@testable import HealthPostgres

@Suite("Scoped API keys", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PersonKeysTests {
    /// `people key add PERSON --scope SCOPE --name LABEL`: the key's id (from standard error) and its token.
    static func addKey(_ person: String, scope: String, name: String) throws -> (id: String, token: String) {
        let output = try Tool.healthimport([
            "people", "key", "add", person, "--scope", scope, "--name", name, "--db", TestPostgres.url!,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let id = output.stderr.range(of: "key_").map { String(output.stderr[$0.lowerBound...].prefix(16)) } ?? ""
        return (id, String(output.stdout.split(separator: "\n").last ?? ""))
    }

    @Test("A read key reads but gets 403 on uploads, erasure and admin routes; an admin key reaches /api/admin")
    func scopes() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("keys")
        let write = try Tool.addPerson(person)
        let read = try Self.addKey(person, scope: "read", name: "dashboard")
        let admin = try Self.addKey(person, scope: "admin", name: "ops")
        #expect(read.id.hasPrefix("key_") && read.id.count == 16)
        #expect(read.token.hasPrefix("hi_") && read.token != write)

        let list = try Tool.healthimport(["people", "key", "list", person, "--db", TestPostgres.url!])
        #expect(list.status == 0)
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.map { "\($0[1]) \($0[2])" }.sorted() == ["dashboard read", "default write", "ops admin"])
        #expect(!list.stdout.contains("hi_"), "the list shows no token")

        let export = try ServerExports.file(ServerExports.xml(steps: 10))
        #expect(try server.request("GET", "/api/healthkit/status", token: read.token).status == 200)
        #expect(try server.request("GET", "/api/healthkit/sync-status", token: read.token).status == 200)
        let refused = try server.request("POST", "/api/healthkit/exports", token: read.token, bodyFile: export)
        #expect(refused.status == 403)
        #expect((refused.json["error"] as? String)?.contains("scope read") == true)
        #expect(
            try server.request(
                "POST", "/api/healthkit/samples", token: read.token, body: ServerExports.samplesJSON(0..<2)
            )
            .status == 403)
        #expect(
            try server.request("POST", "/api/healthkit/mark-backfill-complete", token: read.token, body: "{}").status
                == 403)
        #expect(try server.request("DELETE", "/api/people/me?confirm=erase", token: read.token).status == 403)
        let reset = "{\"userId\": \"\(person)\"}"
        #expect(
            try server.request("POST", "/api/admin/reset-healthkit-backfill", token: read.token, body: reset).status
                == 403)
        #expect(
            try server.request("POST", "/api/admin/reset-healthkit-backfill", token: write, body: reset).status == 403)
        #expect(try server.request("POST", "/api/healthkit/exports", token: write, bodyFile: export).status == 200)
        #expect(
            try server.request("POST", "/api/admin/reset-healthkit-backfill", token: admin.token, body: reset).status
                == 200)
        #expect(
            try server.request("POST", "/api/admin/reset-healthkit-backfill", token: server.adminToken, body: reset)
                .status == 200)

        let revoke = try Tool.healthimport(["people", "key", "revoke", read.id, "--db", TestPostgres.url!])
        #expect(revoke.status == 0, "\(revoke.stderr)")
        #expect(try server.request("GET", "/api/healthkit/status", token: read.token).status == 401)
        #expect(try server.request("GET", "/api/healthkit/status", token: write).status == 200)
        let again = try Tool.healthimport(["people", "key", "revoke", read.id, "--db", TestPostgres.url!])
        #expect(again.status == 1)
        #expect(again.stderr.contains("no key \(read.id)"))
        let nobody = try Tool.healthimport([
            "people", "key", "add", "nobody-\(UUID().uuidString.prefix(6))", "--db", TestPostgres.url!,
        ])
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("no person"))
        #expect(server.stop() == 0)
    }

    @Test("Keys are stored only as SHA-256 hashes, and adding a person again replaces their keys")
    func storedHashed() throws {
        let person = TestPostgres.freshPerson("hashed")
        let first = try Tool.addPerson(person)
        _ = try Self.addKey(person, scope: "read", name: "phone")
        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { store.closeWaiting() }
        let hashes = try Blocking.run {
            try await store.query(
                "SELECT token_sha256 FROM person_keys WHERE person = \(person)"
            )
            .map { try $0.decode(String.self) }
        }
        #expect(hashes.count == 2)
        #expect(hashes.contains(PostgresStore.tokenHash(first)))
        #expect(hashes.allSatisfy { $0.count == 64 && !$0.hasPrefix("hi_") })
        let second = try Tool.addPerson(person)
        #expect(try Blocking.run { try await store.key(token: first) } == nil)
        #expect(try Blocking.run { try await store.key(token: second) }?.scope == .write)
        #expect(try Blocking.run { try await store.keys(of: person) }.count == 1)
        #expect(PostgresStore.constantTimeEqual("abc", "abc") && !PostgresStore.constantTimeEqual("abc", "abd"))
    }

    @Test("A database from before keys: each person's token becomes a write key named default")
    func tokensMigrate() throws {
        try ScratchDatabase.with("keys") { url in
            let token = PostgresStore.makeToken()
            // The schema as the release before keys left it, with one person and their token.
            let old = try ScratchDatabase.schema(before: "v8-keys-erasures", at: url, person: "old")
            try Blocking.run {
                try await old.query(
                    "INSERT INTO people (name, token_sha256, created) VALUES ('old', \(PostgresStore.tokenHash(token)), '2026-01-01T00:00:00Z')"
                )
            }
            old.closeWaiting()
            let migrated = try PostgresStore.open(url: url, person: "old")
            defer { migrated.closeWaiting() }
            let key = try Blocking.run { try await migrated.key(token: token) }
            #expect(key?.person == "old")
            #expect(key?.scope == .write)
            #expect(key?.name == "default")
            let leftover = try Blocking.run {
                try await migrated.query("SELECT count(*) FROM people WHERE token_sha256 IS NOT NULL").first?.decode(
                    Int64.self)
            }
            #expect(leftover == 0)
        }
    }
}
#endif
