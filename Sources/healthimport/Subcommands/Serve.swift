#if PostgreSQL
import ArgumentParser
import Foundation
import HealthCore
import HealthJSON
import HealthPostgres
import HealthServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `healthimport serve`: the sync server for apps and uploaded exports, on a PostgreSQL store.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the sync API (uploads of exports and samples, sync status, records) on a PostgreSQL store.",
        discussion: """
            Each person uses their own bearer token (healthimport people add NAME), or signs in with \
            an OpenID Connect token (--oidc-issuer), which acts as a write key of its person. The admin route \
            takes the admin token: --admin-token, or better the HEALTHIMPORT_ADMIN_TOKEN environment \
            variable (a command line is visible to every user of the machine). At most --max-imports \
            uploads are imported at once; the others wait, their bodies unread, at most --max-waiting \
            of them (later ones get 503). SIGTERM or Ctrl-C \
            stops taking requests, answers 503 to the uploads still waiting, lets running uploads finish \
            (for at most --drain-seconds), then exits 0. \
            While the database is down, requests that need it get 503 with Retry-After; GET /health \
            tells the process is alive, GET /ready that the database answers.
            """)

    @Option(help: ArgumentHelp("The PostgreSQL store (postgresql://user@host/db).", valueName: "url"))
    var db: String

    @Option(help: "The port to listen on (0: any free port, printed on standard error).")
    var port = 8080

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("max-upload"),
        help: ArgumentHelp("The largest upload taken, plain or resumable; larger ones get 413.", valueName: "bytes")
    )
    var maxUpload = 8 << 30

    @Option(
        name: .customLong("max-imports"),
        help: ArgumentHelp(
            "How many uploaded exports one server imports at once (default: the processors, from 2 to 4); later uploads wait, unread, for one to end.",
            valueName: "count"))
    var maxImports: Int?

    @Option(
        name: .customLong("max-waiting"),
        help: ArgumentHelp(
            "How many plain uploads may wait for an import at once (default: \(ServerConfiguration.defaultMaxWaitingUploads)); later ones get 503 with Retry-After.",
            valueName: "count"))
    var maxWaiting: Int?

    @Option(
        name: .customLong("spool-dir"),
        help: ArgumentHelp(
            "Where uploads wait on disk (default: $TMPDIR/healthimport-uploads); servers sharing a database should share it.",
            valueName: "folder"))
    var spoolDir: String?

    @Option(
        name: .customLong("admin-token"),
        help: ArgumentHelp("The admin routes' token (default: $HEALTHIMPORT_ADMIN_TOKEN).", valueName: "token"))
    var adminToken: String?

    @Option(
        name: .customLong("drain-seconds"),
        help: ArgumentHelp(
            "How long SIGTERM or Ctrl-C waits for running requests before the server exits.", valueName: "seconds"))
    var drainSeconds = 30

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "How long a connection may send nothing (a stalled upload, an idle keep-alive) before the server closes it; a running import is not cut.",
            valueName: "seconds"))
    var idleTimeout = 60

    @Option(
        name: .customLong("statement-timeout"),
        help: ArgumentHelp(
            "The longest one query of a reading route may run; past it the request gets 503. 0 leaves it to the database (behind PgBouncer, which refuses it as a start-up parameter).",
            valueName: "seconds"))
    var statementTimeout = 30

    @Option(
        help: ArgumentHelp(
            "POST every completed upload to this URL, signed with $HEALTHIMPORT_WEBHOOK_SECRET (whsec_ and base64).",
            valueName: "url"))
    var webhook: String?

    @Option(
        name: .customLong("webhook-retry"),
        help: ArgumentHelp("The first webhook retry's delay; each later one doubles it.", valueName: "seconds"))
    var webhookRetry = 30

    @OptionGroup(title: "Sign-in with OpenID Connect")
    var oidc: OIDCOptions

    func validate() throws {
        if let webhook {
            guard webhook.hasPrefix("http://") || webhook.hasPrefix("https://") else {
                throw ValidationError("--webhook must be an http:// or https:// URL (got \(webhook))")
            }
            let secret = ProcessInfo.processInfo.environment["HEALTHIMPORT_WEBHOOK_SECRET"] ?? ""
            guard WebhookSignature.isValid(secret) else {
                throw ValidationError(
                    "--webhook signs with HEALTHIMPORT_WEBHOOK_SECRET, which is missing or not whsec_ and base64: export HEALTHIMPORT_WEBHOOK_SECRET=whsec_$(openssl rand -base64 24)"
                )
            }
        }
        guard webhookRetry > 0 else { throw ValidationError("--webhook-retry must be positive") }
        guard PostgresURL.isPostgres(db) else {
            throw ValidationError("serve needs a PostgreSQL store: --db postgresql://user@host/db")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port") }
        guard maxUpload > 0 else { throw ValidationError("--max-upload must be positive") }
        guard (maxImports ?? 1) > 0 else { throw ValidationError("--max-imports must be positive") }
        guard (maxWaiting ?? 0) >= 0 else { throw ValidationError("--max-waiting must not be negative") }
        guard drainSeconds >= 0 else { throw ValidationError("--drain-seconds must be 0 or more") }
        guard statementTimeout >= 0 else { throw ValidationError("--statement-timeout must be 0 or more") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
    }

    func run() throws {
        // A client that goes away mid-upload closes a pipe the server writes to: an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let url: PostgresURL
        do {
            url = try PostgresURL(db)
        } catch let error as StoreError {
            Diagnostics.print("healthimport: error: \(error.message)")
            throw ExitCode(64)
        }
        let signIn: OIDCVerifier?
        do {
            signIn = try oidc.verifier()
        } catch {
            Diagnostics.print("healthimport: error: \(error.message)")
            throw ExitCode(error.isUnavailable ? 69 : 64)
        }
        var configuration = ServerConfiguration(
            url: url,
            importJSON: { result in
                guard let report = result.report else {
                    return "{\"sameExportAs\":\(result.sameExport?.id ?? 0)}"
                }
                return String(
                    decoding: CountsReport.json(report.counts, importID: result.importID, read: report.read),
                    as: UTF8.self)
            },
            statusJSON: { StatusText.json($0) })
        configuration.host = host
        configuration.port = port
        configuration.maxUpload = maxUpload
        if let maxImports { configuration.maxImports = maxImports }
        if let maxWaiting { configuration.maxWaitingUploads = maxWaiting }
        if let spoolDir { configuration.spoolFolder = spoolDir }
        configuration.drainSeconds = drainSeconds
        configuration.statementSeconds = statementTimeout
        configuration.idleSeconds = idleTimeout
        configuration.adminToken = adminToken ?? ProcessInfo.processInfo.environment["HEALTHIMPORT_ADMIN_TOKEN"]
        if let webhook {
            configuration.webhook = (
                webhook, ProcessInfo.processInfo.environment["HEALTHIMPORT_WEBHOOK_SECRET"] ?? ""
            )
        }
        configuration.webhookRetryBase = Int64(webhookRetry)
        configuration.signIn = signIn
        let host = self.host
        configuration.onListening = { port in
            if let signIn {
                let settings = signIn.settings
                Diagnostics.print(
                    "healthimport: signing in with tokens of \(settings.issuer) for \(settings.audience) (claim \(settings.claim.rawValue), keys from \(settings.keySet))"
                )
            }
            Diagnostics.print("healthimport: serving \(url) on http://\(host):\(port)")
        }
        let settings = configuration
        do {
            try AsyncWait.run { try await SyncServer.run(settings) }
        } catch let error as StoreError {
            Diagnostics.print("healthimport: error: \(error.message)")
            throw ExitCode(error.code == .unavailable ? 69 : 1)
        } catch {
            Diagnostics.print("healthimport: error: \(error)")
            throw ExitCode(1)
        }
        Diagnostics.print("healthimport: stopped")
    }
}
#endif
