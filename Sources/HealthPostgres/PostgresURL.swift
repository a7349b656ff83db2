import Foundation
import HealthCore
import PostgresNIO

/// A `postgresql://user:password@host:port/database` URL (`postgres://` too), as `--db` takes it.
public struct PostgresURL: Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    /// `sslmode=require` asks for TLS; otherwise none (a server on the same machine or network).
    public var requireTLS: Bool

    /// Whether `location` names a PostgreSQL database rather than an SQLite file.
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// Parses `text`; fails with a message that names what is wrong.
    public init(_ text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw StoreError(.io, "\(text): not a postgresql:// URL (postgresql://user:password@host:port/database)")
        }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        port = components.port ?? 5432
        username = components.user ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        requireTLS =
            components.queryItems?.contains {
                $0.name == "sslmode" && ["require", "verify-full", "verify-ca"].contains($0.value ?? "")
            } ?? false
    }

    /// The URL without its password, for messages.
    public var description: String {
        "postgresql://\(username)@\(host):\(port)/\(database ?? "")"
    }

    func configuration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            requireTLS ? .require(try .init(configuration: .makeClientConfiguration())) : .disable
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
}
