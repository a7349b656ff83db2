#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import Logging
import PostgresNIO
import ServiceLifecycle

/// The PostgreSQL store: the SQLite store's tables, anchors and import log in a database many
/// people share, each row and anchor under its `person`.
///
/// The store keeps one connection. Its `HealthRecordStore` side waits for the server on the
/// calling thread (the command line, an importer's thread); the server's routes use the
/// `async` methods. An import's writer has a connection of its own, on a thread of its own.
/// One import per person runs at a time: `beginImport(input:signature:window:)` takes a
/// PostgreSQL advisory lock that the writer gives back when it ends, so several processes on
/// one database stay correct (a process that dies loses its connection, and the lock with it).
public final class PostgresStore: Sendable {
    /// The database.
    public let url: PostgresURL
    /// Whose rows and anchors this store reads and writes.
    public let person: String
    /// The store's connection; `nil` in a store whose queries take a connection of ``pool``.
    let connection: PostgresConnection!
    /// The pool the store's own queries take their connections from (the sync server's
    /// short queries), instead of ``connection``.
    let pool: PostgresClient?
    /// Whether a run that does not complete leaves none of its rows: its writer rolls back
    /// what it has not committed and commits only once, at the end (the server's uploads).
    /// Otherwise rows are committed as the run goes and stay, as in the SQLite store.
    public let allOrNothing: Bool
    static let logger = Logger(label: "healthimport.postgres")

    init(url: PostgresURL, person: String, connection: PostgresConnection, allOrNothing: Bool = false) {
        self.url = url
        self.person = person
        self.connection = connection
        pool = nil
        self.allOrNothing = allOrNothing
    }

    private init(url: PostgresURL, person: String, pool: PostgresClient) {
        self.url = url
        self.person = person
        connection = nil
        self.pool = pool
        allOrNothing = false
    }

    /// A store for `person` whose queries take connections from a pool, which replaces
    /// connections the server closed (a restart), with backoff while it cannot connect. The
    /// pool works while its service runs (`run()`, in a service group). Only short queries
    /// go through it: imports and their locks need a store of their own (`connect`).
    public static func pooled(url: PostgresURL, person: String = "") -> (store: PostgresStore, service: any Service) {
        let client = PostgresClient(configuration: url.poolConfiguration(), backgroundLogger: logger)
        return (PostgresStore(url: url, person: person, pool: client), client)
    }

    /// Connects to the database at `url` (a `postgresql://` URL) for `person`, creating or
    /// migrating the schema; for threads that may wait (not the cooperative pool).
    /// `announceMigrations`: see ``connect(url:person:migrate:allOrNothing:announceMigrations:)``.
    public static func open(
        url: String, person: String = "me", announceMigrations: (@Sendable ([String]) -> Void)? = nil
    ) throws -> PostgresStore {
        let parsed = try PostgresURL(url)
        return try Blocking.run {
            try await connect(url: parsed, person: person, announceMigrations: announceMigrations)
        }
    }

    /// Connects to the database at `url` for `person`, creating or migrating the schema.
    /// `allOrNothing`: see ``allOrNothing``. `announceMigrations` is called with the migrations a
    /// database set up by an earlier healthimport lacks, before they run: on a large database they
    /// take a while.
    public static func connect(
        url: PostgresURL, person: String = "me", migrate: Bool = true, allOrNothing: Bool = false,
        announceMigrations: (@Sendable ([String]) -> Void)? = nil
    ) async throws -> PostgresStore {
        let connection = try await makeConnection(url)
        let store = PostgresStore(url: url, person: person, connection: connection, allOrNothing: allOrNothing)
        do {
            if migrate { try await store.migrate(announcing: announceMigrations) }
        } catch {
            try? await connection.close()
            throw StoreError.postgres(error, url: url)
        }
        return store
    }

    /// The last connection ID handed out, for the driver's logs.
    private static let connectionIDs = Locked(0)

    /// The planner's setting for a connection of healthimport's own.
    ///
    /// PostgreSQL's default `random_page_cost`, 4, prices disks that seek: with it, once a
    /// table's statistics are up to date, the planner reads a stretch of one type's samples (a
    /// statistics range, a page of records) by a parallel scan of the whole table and a sort on
    /// disk rather than along the primary key, which holds them in the order asked for. The
    /// figure SSDs and a store in memory call for makes it take the key.
    static let planning: PostgresQuery = "SET random_page_cost = 1.1"

    static func makeConnection(_ url: PostgresURL) async throws -> PostgresConnection {
        let configuration = try url.configuration()
        do {
            // The driver's timeout covers the TCP connection only: a server that takes it and
            // never answers (frozen, overloaded) would hold the start-up for ever.
            return try await Deadline.run(.seconds(PostgresURL.connectSeconds + 1), late: Self.close) {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration,
                    id: connectionIDs.withLock {
                        $0 += 1
                        return $0
                    }, logger: logger)
                // Not a start-up parameter: a pooler such as PgBouncer refuses the connection
                // for one it does not know. Where the server refuses the setting, the plans stay its own.
                _ = try? await connection.query(Self.planning, logger: logger).collect()
                // A server that took a new connection answers again: a wait that follows must
                // not be failed on an older verdict.
                ServerProbe.noteAnswered(url)
                return connection
            }
        } catch is Deadline.Exceeded {
            throw StoreError(
                .unavailable, "PostgreSQL at \(url.address) did not answer within \(PostgresURL.connectSeconds + 1) s")
        } catch {
            throw StoreError.connecting(error, url: url)
        }
    }

    /// Closes `connection` without waiting. The driver wants its connections closed before they
    /// go (an open one left behind keeps its socket and its server process): this keeps it until then.
    @Sendable static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    deinit {
        guard let connection = self.connection else { return }
        Self.close(connection)
    }

    /// Connects as ``connect(url:person:migrate:allOrNothing:announceMigrations:)`` does, runs `body` with the
    /// store, and closes it when `body` ends, whatever happens.
    public static func withConnection<Value>(
        url: PostgresURL, person: String = "me", migrate: Bool = true, allOrNothing: Bool = false,
        announceMigrations: (@Sendable ([String]) -> Void)? = nil, _ body: (PostgresStore) async throws -> Value
    ) async throws -> Value {
        let store = try await connect(
            url: url, person: person, migrate: migrate, allOrNothing: allOrNothing,
            announceMigrations: announceMigrations)
        do {
            let value = try await body(store)
            await store.close()
            return value
        } catch {
            await store.close()
            throw error
        }
    }

    /// Closes the connection (a pooled store's connections close with its pool's service).
    public func close() async {
        try? await connection?.close()
    }

    /// Closes the connection, waiting on this thread.
    public func closeWaiting() {
        guard let connection = self.connection else { return }
        _ = try? Blocking.run { try await connection.close() }
    }

    // MARK: Queries

    /// Runs `body` in one transaction on `connection` (else the store's own): commits when it
    /// returns, rolls back when it throws.
    func inTransaction<T>(on connection: PostgresConnection? = nil, _ body: () async throws -> T) async throws -> T {
        try await query("BEGIN", on: connection)
        do {
            let value = try await body()
            try await query("COMMIT", on: connection)
            return value
        } catch {
            _ = try? await query("ROLLBACK", on: connection)
            throw error
        }
    }

    /// Runs `query` (its values interpolated as binds: `"... WHERE person = \(person)"`),
    /// returning every row.
    @discardableResult
    func query(_ query: PostgresQuery, on connection: PostgresConnection? = nil) async throws -> [PostgresRow] {
        let url = self.url
        @Sendable func run(on connection: PostgresConnection) async throws -> [PostgresRow] {
            try await ConnectionWatch.run(connection, url: url) {
                let rows = try await connection.query(query, logger: Self.logger)
                return try await rows.collect()
            }
        }
        do {
            if connection == nil, let pool { return try await Self.query(pool, url: url, run) }
            return try await run(on: connection ?? self.connection)
        } catch {
            throw StoreError.postgres(error, url: url)
        }
    }

    /// Runs `sql`, a statement without values built by this module (a migration, a schema's
    /// own text), returning every row.
    @discardableResult
    func query(unsafeSQL sql: String, on connection: PostgresConnection? = nil) async throws -> [PostgresRow] {
        try await query(PostgresQuery(unsafeSQL: sql), on: connection)
    }

    /// How long a query waits for a connection of the pool before it opens one of its own.
    static let leaseSeconds = 2

    /// Runs `body` on a connection of `pool`. A pool that has none to give within
    /// ``leaseSeconds`` may be backing off after the server was down (its waits grow to a
    /// minute): a connection of the query's own then tells at once whether the server is back.
    private static func query(
        _ pool: PostgresClient, url: PostgresURL,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> [PostgresRow]
    ) async throws -> [PostgresRow] {
        do {
            return try await Deadline.run(.seconds(leaseSeconds)) {
                try await pool.withConnection { try await body($0) }
            }
        } catch is Deadline.Exceeded {
            do {
                return try await Deadline.run(.seconds(ownConnectionSeconds)) {
                    let connection = try await makeConnection(url)
                    do {
                        let rows = try await body(connection)
                        try? await connection.close()
                        return rows
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                }
            } catch is Deadline.Exceeded {
                throw StoreError(
                    .unavailable,
                    "PostgreSQL at \(url.address) did not answer within \(leaseSeconds + ownConnectionSeconds) s")
            }
        }
    }

    /// How long a query of a pooled store may take on a connection of its own.
    static let ownConnectionSeconds = 6

    // MARK: Schema

    /// Applies the migrations this database lacks, one process at a time; refuses a database
    /// migrated by a newer healthimport.
    func migrate(announcing announce: (@Sendable ([String]) -> Void)? = nil) async throws {
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
            let pending = PostgresSchema.migrations.filter { !applied.contains($0.name) }
            guard !pending.isEmpty else { return try await unlockMigrations() }
            if !applied.isEmpty { announce?(pending.map(\.name)) }
            // One transaction for them all: a new database's schema costs one commit, not one a
            // migration, and a failure leaves the database as it was.
            try await inTransaction {
                for migration in pending {
                    for statement in migration.sql { try await query(unsafeSQL: statement) }
                    try await query(
                        "INSERT INTO healthimport_migrations (name, applied) VALUES (\(migration.name), \(ExportTimestamp.now.iso8601))"
                    )
                }
            }
        } catch {
            _ = try? await unlockMigrations()
            throw error
        }
        try await unlockMigrations()
    }

    private func unlockMigrations() async throws {
        try await query("SELECT pg_advisory_unlock(hashtextextended('healthimport migrations', 0))")
    }
}

extension PostgresStore {
    /// Fails (`StoreError.Code.unavailable`) unless the database answers a trivial query.
    public func ping() async throws {
        try await query("SELECT 1")
    }
}
#endif
