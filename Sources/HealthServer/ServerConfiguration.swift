#if PostgreSQL
import Foundation
import HealthCore
import HealthPostgres

/// How `healthimport serve` runs: where it listens, its database, its limits and how it writes
/// the answers the command line also prints.
public struct ServerConfiguration: Sendable {
    /// The database.
    public var url: PostgresURL
    /// The address to listen on (loopback unless told otherwise).
    public var host = "127.0.0.1"
    /// The port (0: any free one; ``onListening`` tells which).
    public var port = 8080
    /// The largest upload taken, in bytes, plain or resumable; a larger one gets 413.
    public var maxUpload = 8 << 30
    /// The imports of exports (plain uploads, resumable ones) run at once; later ones wait for
    /// one to end. Each takes tens of MB while it runs, so this bounds the server's memory.
    public var maxImports = ServerConfiguration.defaultMaxImports
    /// The plain uploads that may wait for an import slot; a later one gets `503` with
    /// `Retry-After` at once. A waiting upload holds its HTTP connection (not a database one),
    /// so this bounds how many a burst keeps open.
    public var maxWaitingUploads = ServerConfiguration.defaultMaxWaitingUploads
    /// The default of ``maxWaitingUploads``.
    public static let defaultMaxWaitingUploads = 32
    /// Where uploads wait on disk: a zip's unlinked temporary file, and the parts of resumable
    /// uploads (which several servers on one database must share to take up each other's).
    public var spoolFolder = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/healthimport-uploads"
    /// How long a resumable upload may take from its creation before its bytes are dropped.
    public var uploadLifetimeSeconds: Int64 = 24 * 3600
    /// The longest a SIGTERM or SIGINT waits for running requests before the process ends.
    public var drainSeconds = 30
    /// How long a connection may send nothing, while a request's body comes in or between
    /// requests, before the server closes it: a client stalled mid-upload would otherwise hold
    /// the person's upload lock, an import slot or a resumable upload's `PATCH` without end.
    /// A request whose answer is being worked out (an import) is not cut.
    public var idleSeconds = 60
    /// The longest one statement of a reading route (tokens, status, records) may run; 0 leaves
    /// it to the database's own `statement_timeout`.
    public var statementSeconds = 30
    /// The bearer token of the admin routes; without it they answer 401.
    public var adminToken: String?
    /// The `import --json` object of a run.
    public var importJSON: @Sendable (ImportResult) -> String
    /// The `status --json` object.
    public var statusJSON: @Sendable (StoreStatus) -> String
    /// `serve --webhook URL`: where every completed upload is told of, and the secret that signs it.
    public var webhook: (url: String, secret: String)?
    /// The first webhook retry's delay, in seconds (each later one doubles it, up to an hour).
    public var webhookRetryBase: Int64 = 30
    /// `serve --oidc-issuer …`: sign-in tokens of an OpenID Connect issuer, taken beside the keys.
    public var signIn: OIDCVerifier?
    /// Called once the server listens, with its port.
    public var onListening: @Sendable (Int) -> Void = { _ in }

    /// The default of ``maxImports``: the processors the system lets the process use, at least 2
    /// (an import leaves its processor now and then, waiting for PostgreSQL) and at most 4, so
    /// that the memory of the imports running stays bounded on a machine with many processors.
    public static var defaultMaxImports: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The database for the reading routes: ``url`` with ``statementSeconds`` as its statement
    /// timeout, so that one slow query cannot hold a connection for ever. (Uploads write over
    /// ``url``: an import's last statements may rightly run long.)
    public var readURL: PostgresURL {
        var url = url
        url.statementTimeout = statementSeconds > 0 ? statementSeconds : nil
        return url
    }

    /// A configuration for the database at `url`.
    public init(
        url: PostgresURL, importJSON: @escaping @Sendable (ImportResult) -> String,
        statusJSON: @escaping @Sendable (StoreStatus) -> String
    ) {
        self.url = url
        self.importJSON = importJSON
        self.statusJSON = statusJSON
    }
}
#endif
