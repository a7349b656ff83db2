#if PostgreSQL
import Crypto
import HealthCore
import HealthExport
import PostgresNIO

/// A person of the sync server, as `people list` shows them.
public struct Person: Sendable, Equatable {
    public var name: String
    public var created: String
    public var backfillComplete: Bool
    public var backfillDate: String?
}

/// What the sync server keeps per person: the hashed API token and the historical backfill.
extension PostgresStore {
    /// The SHA-256 of `token`, in hex: what the `people` table keeps instead of the token.
    public static func tokenHash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A new random API token: 32 bytes from the system's generator, in hex, after `hi_`.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return "hi_" + bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
    }

    /// Adds `name` with a new key of `scope`, or gives an existing person a new one in place of
    /// every key they had; returns the token, which is stored only hashed.
    public func addPerson(_ name: String, scope: KeyScope = .write) async throws -> String {
        try Self.checkName(name, "a person's name")
        return try await inTransaction {
            try await query(
                "INSERT INTO people (name, created) VALUES (\(name), \(ExportTimestamp.now.iso8601)) ON CONFLICT (name) DO NOTHING"
            )
            try await query("DELETE FROM person_keys WHERE person = \(name)")
            return try await insertKey(person: name, scope: scope, name: "default").token
        }
    }

    /// Everyone, by name.
    public func people() async throws -> [Person] {
        try await query("SELECT name, created, backfill_complete, backfill_date FROM people ORDER BY name").map { row in
            let (name, created, complete, date) = try row.decode((String, String, Bool, String?).self)
            return Person(name: name, created: created, backfillComplete: complete, backfillDate: date)
        }
    }

    /// Refuses this store's person unless the database knows them (added with `people add`, or
    /// with an import of theirs): a misspelt `--person` would read as a person with no rows.
    public func requireKnownPerson() async throws {
        let known = try await !query(
            "SELECT 1 WHERE EXISTS (SELECT 1 FROM people WHERE name = \(person)) OR EXISTS (SELECT 1 FROM imports WHERE person = \(person))"
        ).isEmpty
        guard !known else { return }
        throw StoreError(
            .io,
            "\(location) holds no import for \(person): import an export for them first, or check --person (healthimport people list)"
        )
    }

    /// ``requireKnownPerson()`` for synchronous callers.
    public func requireKnownPerson() throws {
        try Blocking.run { try await self.requireKnownPerson() }
    }

    /// Removes `name` and their keys; returns whether they existed. Their rows stay (import
    /// `--person NAME` again, or erase them with `people erase`).
    public func removePerson(_ name: String) async throws -> Bool {
        try await query("DELETE FROM person_keys WHERE person = \(name)")
        return try await !query("DELETE FROM people WHERE name = \(name) RETURNING name").isEmpty
    }

    /// The person whose key is `token`, if any.
    public func person(token: String) async throws -> String? {
        try await key(token: token)?.person
    }

    /// `name`'s backfill: whether it is complete, and when it was marked so.
    public func backfill(of name: String) async throws -> (complete: Bool, date: String?) {
        guard
            let row = try await query(
                "SELECT backfill_complete, backfill_date FROM people WHERE name = \(name)"
            ).first
        else { return (false, nil) }
        let (complete, date) = try row.decode((Bool, String?).self)
        return (complete, date)
    }

    /// Marks `name`'s backfill complete, now; returns the date written.
    public func markBackfillComplete(of name: String, sampleCount: Int?, start: String?, end: String?) async throws
        -> String
    {
        let now = ExportTimestamp.now.iso8601
        try await query(
            """
            UPDATE people SET backfill_complete = true, backfill_date = \(now), backfill_sample_count = \(sampleCount), \
            backfill_start = \(start), backfill_end = \(end) WHERE name = \(name)
            """)
        return now
    }

    /// Forgets `name`'s backfill, so their app uploads the history again; returns whether they exist.
    public func resetBackfill(of name: String) async throws -> Bool {
        try await !query(
            """
            UPDATE people SET backfill_complete = false, backfill_date = NULL, backfill_sample_count = NULL, \
            backfill_start = NULL, backfill_end = NULL WHERE name = \(name) RETURNING name
            """
        ).isEmpty
    }
}
#endif
