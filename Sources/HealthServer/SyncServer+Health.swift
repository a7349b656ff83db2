import HealthCore
import HealthPostgres
import Hummingbird

/// The routes for orchestrators and load balancers, without a token.
extension SyncServer {
    /// `GET /health`: the process is alive and serving (whatever the database is doing).
    @Sendable func health(_ request: Request) async throws -> Response {
        Reply.json("{\"status\":\"ok\"}")
    }

    /// `GET /ready`: the database answers; `503` with `Retry-After` while it does not.
    @Sendable func ready(_ request: Request) async throws -> Response {
        try await directory.ping()
        return Reply.json("{\"status\":\"ready\"}")
    }
}
