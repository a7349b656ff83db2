#if PostgreSQL
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
    /// The longest a statement may run on this URL's connections before the server cancels it
    /// (`statement_timeout`), in seconds; `nil` for the server's own setting.
    public var statementTimeout: Int?

    /// Whether `location` names a PostgreSQL database rather than an SQLite file.
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// Parses `text`; fails with a message that names what is wrong.
    public init(_ text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw StoreError(.io, "\(text): not a postgresql:// URL (postgresql://user:password@host:port/database)")
        }
        // libpq's parameters in the query (`?port=5433&user=ann`) stand for the URL's parts.
        let query = Dictionary(
            (components.queryItems ?? []).compactMap { item in item.value.map { (item.name, $0) } },
            uniquingKeysWith: { _, last in last })
        var host = query["host"] ?? components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        // An IPv6 address is written in brackets; the connection takes it bare.
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        if let given = query["port"] {
            guard let number = Int(given) else { throw StoreError(.io, "\(text): port '\(given)' is not a number") }
            port = number
        } else {
            port = components.port ?? 5432
        }
        guard (1...65_535).contains(port) else {
            throw StoreError(.io, "\(text): port \(port) is not a TCP port (1 to 65535)")
        }
        username = query["user"] ?? components.user ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        password = query["password"] ?? components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = query["dbname"] ?? (path.isEmpty ? nil : path)
        requireTLS =
            components.queryItems?.contains {
                $0.name == "sslmode" && ["require", "verify-full", "verify-ca"].contains($0.value ?? "")
            } ?? false
    }

    /// `host:port`, for messages about the server itself (an IPv6 address in brackets).
    public var address: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// The URL without its password, for messages.
    public var description: String {
        "postgresql://\(username)@\(address)/\(database ?? "")"
    }

    func configuration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            requireTLS ? .require(try .init(configuration: .makeClientConfiguration())) : .disable
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(Self.connectSeconds))
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// The configuration of a pool of connections to this database.
    func poolConfiguration() -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.connectTimeout = .seconds(Self.connectSeconds)
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// Settings sent when a connection starts.
    private var startupParameters: [(String, String)] {
        statementTimeout.map { [("statement_timeout", "\($0 * 1000)")] } ?? []
    }

    /// How long opening a connection may take before it fails as unavailable.
    static let connectSeconds = 5
}
#endif
