#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthPostgres
import Hummingbird
import Logging
import ServiceLifecycle

/// The sync server: the PostgreSQL store behind the JSON-over-HTTP API that apps reading
/// HealthKit use (`healthimport serve`).
///
/// Every `/api/healthkit` route takes a person's bearer token (see `people add`) or, with
/// ``ServerConfiguration/signIn``, an OpenID Connect token; the admin routes the admin token. Uploads run one per person at a time across every process on the
/// database (a PostgreSQL advisory lock), each in one transaction, on a thread of their own;
/// any number of people upload at once, and at most ``ServerConfiguration/maxImports`` of their
/// imports run in one process while the others wait. SIGTERM or Ctrl-C stops taking requests,
/// refuses the uploads still waiting, lets running ones finish, then returns.
public final class SyncServer: Sendable {
    let configuration: ServerConfiguration
    /// A connection for the short queries of every route (tokens, backfill state).
    let directory: PostgresStore
    let logger: Logger
    /// The imports of resumable uploads running in this process.
    let uploadImports = UploadImports()
    /// The slots every import of an export in this process takes (`--max-imports`).
    let importSlots: ImportSlots
    /// The people with a plain upload in this process, running or waiting for a slot: their
    /// next one gets 409 at once (the database's import lock decides between servers).
    let uploadingPeople = Locked<Set<String>>([])

    init(configuration: ServerConfiguration, directory: PostgresStore, logger: Logger) {
        self.configuration = configuration
        self.directory = directory
        self.logger = logger
        importSlots = ImportSlots(limit: configuration.maxImports)
    }

    /// Connects to the database (migrating it), serves until SIGTERM or SIGINT, then drains for
    /// at most ``ServerConfiguration/drainSeconds``.
    ///
    /// The routes' short queries take connections from a pool, run as a service beside the
    /// HTTP server: connections the database closed (a restart) leave it and are replaced,
    /// so requests get `503` while it is down and succeed again once it is back.
    public static func run(_ configuration: ServerConfiguration) async throws {
        var logger = Logger(label: "healthimport.serve")
        logger.logLevel = .notice
        let migrating = try await PostgresStore.connect(url: configuration.url, person: "") { [logger] names in
            logger.notice(
                "updating the database to this version's layout (\(names.joined(separator: ", "))); a large database takes a while"
            )
        }
        await migrating.close()
        if configuration.readURL.statementTimeout != nil {
            // The reading routes' connections carry the statement timeout: a pooler that refuses
            // it (PgBouncer) stops the server now, with what to do, not every request later.
            let reading = try await PostgresStore.connect(url: configuration.readURL, person: "", migrate: false)
            await reading.close()
        }
        do {
            try FileManager.default.createDirectory(
                atPath: configuration.spoolFolder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError(
                .io,
                SystemCall.describe(
                    error, action: "cannot make the spool folder \(configuration.spoolFolder) (--spool-dir)")
            )
        }
        let (directory, pool) = PostgresStore.pooled(url: configuration.readURL)
        let server = SyncServer(configuration: configuration, directory: directory, logger: logger)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: UnmatchedRequests())
        server.addRoutes(to: router)
        let port = configuration.port
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(configuration.idleSeconds)))),
            configuration: .init(address: .hostname(configuration.host, port: port), serverName: "healthimport"),
            onServerRunning: { channel in configuration.onListening(channel.localAddress?.port ?? port) },
            logger: logger)
        // Shut down in reverse: the deadline starts, the uploads waiting for an import slot are
        // refused, the HTTP server drains, the uploads' imports finish, then the pool closes.
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: pool),
                    .init(service: server.uploadImports, successTerminationBehavior: .ignore),
                    .init(service: app, successTerminationBehavior: .gracefullyShutdownGroup),
                    .init(service: server.importSlots, successTerminationBehavior: .ignore),
                    .init(
                        service: DrainDeadline(seconds: configuration.drainSeconds),
                        successTerminationBehavior: .ignore),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// Runs `body` on a connection of `person`'s own (not the pool's: an import lock or an
    /// upload's lock lives as long as it), closed when `body` ends, whatever happens.
    func withConnection<Value>(
        of person: String, allOrNothing: Bool = false, _ body: (PostgresStore) async throws -> Value
    ) async throws -> Value {
        try await PostgresStore.withConnection(
            url: configuration.url, person: person, migrate: false, allOrNothing: allOrNothing, body)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/healthkit/sync-status", use: handle(syncStatus))
        router.post("/api/healthkit/mark-backfill-complete", use: handle(markBackfillComplete))
        router.post("/api/admin/reset-healthkit-backfill", use: handle(resetBackfill))
        router.post("/api/healthkit/exports", use: handle(uploadExport))
        router.post("/api/healthkit/samples", use: handle(uploadPhoneSamples))
        router.post("/api/healthkit/deletions", use: handle(deletePhoneSamples))
        router.get("/api/healthkit/records", use: handle(records))
        router.get("/api/healthkit/status", use: handle(status))
        router.get("/health", use: handle(health))
        router.get("/ready", use: handle(ready))
        router.delete("/api/people/me", use: handle(eraseMe))
        router.get("/api/people/me/export", use: handle(exportMe))
        router.delete("/api/admin/people/:name", use: handle(erasePerson))
        router.get("/openapi.yaml", use: handle(openAPI))
        addUploadRoutes(to: router)
        startWebhooks()
    }

    /// Runs a route, answering its failures as `{"error": ...}` with their status.
    private func handle(_ route: @escaping @Sendable (Request) async throws -> Response)
        -> @Sendable (Request, BasicRequestContext) async throws -> Response
    {
        { request, _ in
            do {
                return try await route(request)
            } catch {
                return Reply.failure(error)
            }
        }
    }

    // MARK: Tokens

    /// The bearer token of `request`.
    private func bearer(_ request: Request) throws -> String {
        // The scheme's name is case-insensitive (RFC 9110, section 11.1).
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            case let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces), !token.isEmpty
        else {
            throw ServerFailure(
                .unauthorized, "no bearer token: send Authorization: Bearer TOKEN (healthimport people add NAME)")
        }
        return token
    }

    /// The person whose key `request` carries: 401 without a known key, 403 when the key's
    /// scope is below `scope`.
    func authenticate(_ request: Request, needs scope: KeyScope = .read) async throws -> String {
        try await caller(request, needs: scope).person
    }

    /// The key `request` carries: 401 without a known key, 403 when its scope is below `scope`.
    func caller(_ request: Request, needs scope: KeyScope) async throws -> PersonKey {
        let token = try bearer(request)
        var found = try await signInKey(token)
        if found == nil { found = try await directory.key(token: token) }
        guard let key = found else {
            throw ServerFailure(.unauthorized, "unknown or revoked token")
        }
        guard key.scope >= scope else {
            throw ServerFailure(
                .forbidden,
                "this key (\(key.id), scope \(key.scope.rawValue)) may not do this: it takes a \(scope.rawValue) key (healthimport people key add \(key.person) --scope \(scope.rawValue))"
            )
        }
        return key
    }

    /// Refuses `request` (401) unless it carries the admin token or an admin key; returns who
    /// it is, for the audit (`admin token`, `key key_… (person)`).
    @discardableResult
    func authenticateAdmin(_ request: Request) async throws -> String {
        let token = try bearer(request)
        if let admin = configuration.adminToken, !admin.isEmpty,
            PostgresStore.constantTimeEqual(PostgresStore.tokenHash(token), PostgresStore.tokenHash(admin))
        {
            return "admin token"
        }
        if let verifier = configuration.signIn, OIDCVerifier.looksLikeJWT(token) {
            let person = try await verifier.person(for: token)
            throw ServerFailure(
                .forbidden, "a sign-in token acts for its own person (\(person)), never on the admin routes")
        }
        if let key = try await directory.key(token: token) {
            guard key.scope == .admin else {
                throw ServerFailure(
                    .forbidden, "this key (\(key.id), scope \(key.scope.rawValue)) may not use the admin routes")
            }
            return "key \(key.id) (\(key.person))"
        }
        throw ServerFailure(
            .unauthorized,
            "this route takes the admin token (serve --admin-token or HEALTHIMPORT_ADMIN_TOKEN) or an admin key")
    }

    // MARK: Small JSON bodies

    /// The JSON object of a small request body (at most 64 KiB); 400 when it is none.
    func jsonObject(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: 1 << 16)
        } catch {
            throw ServerFailure(.contentTooLarge, "the body is larger than 64 KiB")
        }
        let data = Data(buffer.readableBytesView)
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ServerFailure(.badRequest, "body: error: malformed JSON, expected an object")
        }
        return object
    }
}
#endif
