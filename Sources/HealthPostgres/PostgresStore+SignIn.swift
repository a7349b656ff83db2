#if PostgreSQL
import HealthCore
import HealthExport
import PostgresNIO

/// People who sign in with OpenID Connect (`serve --oidc-issuer`): they have no key of their own.
extension PostgresStore {
    /// Whether `name` is a person here; when not and `create` is set, adds them (with no key)
    /// and answers `true`.
    public func signInPerson(_ name: String, create: Bool) async throws -> Bool {
        if try await !query("SELECT 1 FROM people WHERE name = \(name)").isEmpty { return true }
        guard create else { return false }
        try Self.checkName(name, "a person's name")
        try await query(
            "INSERT INTO people (name, created) VALUES (\(name), \(ExportTimestamp.now.iso8601)) ON CONFLICT (name) DO NOTHING"
        )
        return true
    }
}
#endif
