#if PostgreSQL
import HealthCore
import HealthExport
import PostgresNIO

/// Several API keys per person (`person_keys`), each stored as the SHA-256 of its token.
extension PostgresStore {
    /// A new key id: `key_` and 12 hex digits from the system's generator.
    static func makeKeyID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value & 0xFFFF_FFFF_FFFF, radix: 16)
        return "key_" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// Whether `a` and `b` are equal, in a time that depends only on their lengths.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    static func checkName(_ name: String, _ what: String) throws {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw StoreError(.io, "\(what) is one word (got \"\(name)\")")
        }
    }

    /// Gives `person` (who must exist) a new key; its token is in the answer only.
    public func addKey(person: String, scope: KeyScope, name: String = "default") async throws -> IssuedKey {
        try Self.checkName(name, "a key's name")
        guard try await !query("SELECT 1 FROM people WHERE name = \(person)").isEmpty else {
            throw StoreError(.io, "no person \(person) (healthimport people add \(person))")
        }
        return try await insertKey(person: person, scope: scope, name: name)
    }

    func insertKey(person: String, scope: KeyScope, name: String) async throws -> IssuedKey {
        let token = Self.makeToken()
        let key = PersonKey(
            id: Self.makeKeyID(), person: person, name: name, scope: scope, created: ExportTimestamp.now.iso8601)
        try await query(
            """
            INSERT INTO person_keys (id, person, name, scope, token_sha256, created) \
            VALUES (\(key.id), \(person), \(name), \(scope.rawValue), \(Self.tokenHash(token)), \(key.created))
            """)
        return IssuedKey(key: key, token: token)
    }

    /// `person`'s keys, oldest first.
    public func keys(of person: String) async throws -> [PersonKey] {
        try await query(
            "SELECT id, person, name, scope, created FROM person_keys WHERE person = \(person) ORDER BY created, id"
        ).map { row in
            let (id, person, name, scope, created) = try row.decode((String, String, String, String, String).self)
            return PersonKey(
                id: id, person: person, name: name, scope: KeyScope(rawValue: scope) ?? .read, created: created)
        }
    }

    /// Revokes the key `id`; returns it, or `nil` when there is none.
    public func revokeKey(id: String) async throws -> PersonKey? {
        try await query(
            "DELETE FROM person_keys WHERE id = \(id) RETURNING id, person, name, scope, created"
        ).first.map { row in
            let (id, person, name, scope, created) = try row.decode((String, String, String, String, String).self)
            return PersonKey(
                id: id, person: person, name: name, scope: KeyScope(rawValue: scope) ?? .read, created: created)
        }
    }

    /// The key whose token is `token`, if any. The lookup goes by the token's hash; the hash
    /// found is compared again in constant time.
    public func key(token: String) async throws -> PersonKey? {
        let hash = Self.tokenHash(token)
        guard
            let row = try await query(
                "SELECT id, person, name, scope, created, token_sha256 FROM person_keys WHERE token_sha256 = \(hash)"
            ).first
        else { return nil }
        let (id, person, name, scope, created, stored) = try row.decode(
            (String, String, String, String, String, String).self)
        guard Self.constantTimeEqual(stored, hash), let scope = KeyScope(rawValue: scope) else { return nil }
        return PersonKey(id: id, person: person, name: name, scope: scope, created: created)
    }
}
#endif
