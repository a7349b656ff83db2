#if PostgreSQL
import HealthCore
import HealthPostgres
import Hummingbird

/// The routes for orchestrators and load balancers, without a token.
extension SyncServer {
    /// `GET /health`: the process is alive and serving (whatever the database is doing), with
    /// the imports of exports it runs and the ones waiting for a slot (`--max-imports`).
    @Sendable func health(_ request: Request) async throws -> Response {
        let (running, waiting) = importSlots.counts
        return Reply.json(
            "{\"status\":\"ok\",\"imports\":{\"running\":\(running),\"waiting\":\(waiting),\"limit\":\(importSlots.limit)}}"
        )
    }

    /// `GET /ready`: the database answers; `503` with `Retry-After` while it does not, whatever
    /// the reason (down, or refusing this server's connections).
    @Sendable func ready(_ request: Request) async throws -> Response {
        do {
            try await directory.ping()
        } catch let error as StoreError {
            throw ServerFailure(.serviceUnavailable, error.message)
        }
        return Reply.json("{\"status\":\"ready\"}")
    }
}
#endif
