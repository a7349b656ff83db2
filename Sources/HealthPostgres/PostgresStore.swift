import Foundation
import HealthCore
import HealthExport
import Logging
import PostgresNIO

/// The PostgreSQL store: the SQLite store's tables, anchors and import log in a database many
/// people share, each row and anchor under its `person`.
///
/// The store keeps one connection. Its `HealthRecordStore` side waits for the server on the
/// calling thread (the command line, an importer's thread); the server's routes use the
/// `async` methods. An import's writer has a connection of its own, on a thread of its own.
/// One import per person runs at a time: `beginImport(input:signature:window:)` takes a
/// PostgreSQL advisory lock that the writer gives back when it ends, so several processes on
/// one database stay correct (a process that dies loses its connection, and the lock with it).
public final class PostgresStore: @unchecked Sendable {
    /// The database.
    public let url: PostgresURL
    /// Whose rows and anchors this store reads and writes.
    public let person: String
    let connection: PostgresConnection
    /// Whether a run that does not complete leaves none of its rows: its writer rolls back
    /// what it has not committed and commits only once, at the end (the server's uploads).
    /// Otherwise rows are committed as the run goes and stay, as in the SQLite store.
    public var allOrNothing = false
    static let logger = Logger(label: "healthimport.postgres")

    init(url: PostgresURL, person: String, connection: PostgresConnection) {
        self.url = url
        self.person = person
        self.connection = connection
    }

    /// Connects to the database at `url` (a `postgresql://` URL) for `person`, creating or
    /// migrating the schema; for threads that may wait (not the cooperative pool).
    public static func open(url: String, person: String = "me") throws -> PostgresStore {
        let parsed = try PostgresURL(url)
        return try Blocking.run { try await connect(url: parsed, person: person) }
    }

    /// Connects to the database at `url` for `person`, creating or migrating the schema.
    public static func connect(url: PostgresURL, person: String = "me", migrate: Bool = true) async throws
        -> PostgresStore
    {
        let connection = try await makeConnection(url)
        let store = PostgresStore(url: url, person: person, connection: connection)
        do {
            if migrate { try await store.migrate() }
        } catch {
            try? await connection.close()
            throw StoreError.postgres(error, url: url)
        }
        return store
    }

    /// The last connection ID handed out, for the driver's logs.
    private static let connectionIDs = Locked(0)

    static func makeConnection(_ url: PostgresURL) async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(
                configuration: url.configuration(),
                id: connectionIDs.withLock {
                    $0 += 1
                    return $0
                }, logger: logger)
        } catch {
            throw StoreError.postgres(error, url: url)
        }
    }

    deinit {
        // The driver wants its connections closed before they go: keep this one until it is.
        let connection = self.connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Closes the connection.
    public func close() async {
        try? await connection.close()
    }

    /// Closes the connection, waiting on this thread.
    public func closeWaiting() {
        let connection = self.connection
        _ = try? Blocking.run { try await connection.close() }
    }

    // MARK: Queries

    /// Runs `sql` with `binds`, returning every row.
    @discardableResult
    func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings(), on connection: PostgresConnection? = nil)
        async throws -> [PostgresRow]
    {
        do {
            let rows = try await (connection ?? self.connection).query(
                PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger)
            return try await rows.collect()
        } catch {
            throw StoreError.postgres(error, url: url)
        }
    }

    /// Binds for `values` (`String`, `Int64`, `Int`, `Double`, `Bool` or `nil`).
    static func binds(_ values: [(any Sendable)?]) -> PostgresBindings {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case let value as String: binds.append(value)
            case let value as Int64: binds.append(value)
            case let value as Int: binds.append(Int64(value))
            case let value as Double: binds.append(value)
            case let value as Bool: binds.append(value)
            default: binds.appendNull()
            }
        }
        return binds
    }

    // MARK: Schema

    /// Applies the migrations this database lacks, one process at a time; refuses a database
    /// migrated by a newer healthimport.
    func migrate() async throws {
        try await query("SELECT pg_advisory_lock(hashtextextended('healthimport migrations', 0))")
        do {
            try await query(
                "CREATE TABLE IF NOT EXISTS healthimport_migrations (name TEXT PRIMARY KEY, applied TEXT NOT NULL)")
            let applied = Set(
                try await query("SELECT name FROM healthimport_migrations").map { try $0.decode(String.self) })
            let known = Set(PostgresSchema.migrations.map(\.name))
            if !applied.isSubset(of: known) {
                throw StoreError(
                    .newerSchema,
                    "\(url) was written by a newer healthimport (migrations \(applied.subtracting(known).sorted().joined(separator: ", "))): update healthimport, or use another --db"
                )
            }
            for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
                try await query("BEGIN")
                do {
                    for statement in migration.sql { try await query(statement) }
                    try await query(
                        "INSERT INTO healthimport_migrations (name, applied) VALUES ($1, $2)",
                        Self.binds([migration.name, ExportTimestamp.now.iso8601]))
                    try await query("COMMIT")
                } catch {
                    _ = try? await query("ROLLBACK")
                    throw error
                }
            }
        } catch {
            _ = try? await query("SELECT pg_advisory_unlock(hashtextextended('healthimport migrations', 0))")
            throw error
        }
        try await query("SELECT pg_advisory_unlock(hashtextextended('healthimport migrations', 0))")
    }
}
