#if PostgreSQL
import HealthExport
import NIOCore
import PostgresNIO

/// Whether a PostgreSQL server still answers, told by a new connection and a query on it.
///
/// A server that is frozen (stopped by a signal, its machine suspended, its network gone
/// without a reset) keeps its connections open and never answers them: nothing a connection
/// sees tells that apart from a long statement. A new connection does: a live server answers
/// its start-up and a trivial query at once, however busy its other sessions are.
enum ServerProbe {
    /// When a probe last found each server (by address) not answering.
    private static let silences = Locked<[String: ContinuousClock.Instant]>([:])

    /// Whether a probe found the server at `url` not answering within the last `seconds`.
    static func wasSilent(_ url: PostgresURL, within seconds: Int64) -> Bool {
        guard let last = silences.withLock({ $0[url.address] }) else { return false }
        return last.duration(to: .now) < .seconds(seconds)
    }

    /// Forgets that the server at `url` was found not answering: it just answered.
    static func noteAnswered(_ url: PostgresURL) {
        silences.withLock { silences in
            if !silences.isEmpty { silences[url.address] = nil }
        }
    }

    /// Notes that the server at `url` was found not answering, now.
    static func noteSilent(_ url: PostgresURL) {
        silences.withLock { $0[url.address] = .now }
    }

    /// Calls `verdict` once: `true` when a new connection to `url` got an answer (its start-up
    /// and a `SELECT 1` ended, or the server refused either in words) within `seconds`, `false`
    /// otherwise. Runs on the driver's event loops, so that it needs no thread of the caller or
    /// of the pool.
    static func check(_ url: PostgresURL, within seconds: Int64, _ verdict: @escaping @Sendable (Bool) -> Void) {
        guard let configuration = try? url.configuration() else { return verdict(true) }
        let given = Locked(false)
        @Sendable func give(_ answered: Bool) {
            let first = given.withLock { given in
                defer { given = true }
                return !given
            }
            guard first else { return }
            if answered { noteAnswered(url) } else { noteSilent(url) }
            verdict(answered)
        }
        let loop = PostgresConnection.defaultEventLoopGroup.any()
        PostgresConnection.connect(on: loop, configuration: configuration, id: 0, logger: PostgresStore.logger)
            .flatMap { connection in
                // A query too: a pooler in front (PgBouncer) answers the start-up itself.
                connection.simpleQuery("SELECT 1").always { _ in PostgresStore.close(connection) }
            }
            .whenComplete { result in
                switch result {
                case .success: give(true)
                case .failure(let error): give((error as? PSQLError)?.serverInfo != nil)
                }
            }
        loop.scheduleTask(in: .seconds(seconds)) { give(false) }
    }
}
#endif
