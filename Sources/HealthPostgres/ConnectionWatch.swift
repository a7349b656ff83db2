#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import PostgresNIO

/// Waits for work on a connection, or for the connection's end, whichever comes first.
///
/// The driver hands a request to its connection without waiting to learn whether the
/// connection took it: a request made on a connection that has already closed (the server
/// restarted, crashed or went away) is never answered, and neither is a `COPY` whose
/// connection closed under it. Every wait on a connection goes through here, so that the
/// connection's end fails the wait at once (``StoreError/Code/unavailable``) instead.
enum ConnectionWatch {
    /// The result of `body`, which works on `connection`; fails as soon as `connection` closes.
    ///
    /// When the connection closes first, `body` is left to itself: it waits on a connection
    /// that will never answer, and holds nothing else.
    static func run<T>(
        _ connection: PostgresConnection, url: PostgresURL, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            BlockingExecutor.task {
                do {
                    outcome.finish(.success(try await body()))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            connection.closeFuture.whenComplete { _ in
                outcome.finish(.failure(StoreError.wentAway(url)))
            }
        }.value
    }
}

/// The first of several racing outcomes, handed to one waiting continuation.
final class FirstOutcome<T>: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Handover<T>, any Error>?, finished: Bool)>(
        (nil, false))

    func wait(_ continuation: CheckedContinuation<Handover<T>, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Resumes the waiting continuation with `result`, unless an earlier outcome did; tells
    /// whether it was this one.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let waiting = state.withLock { state -> CheckedContinuation<Handover<T>, any Error>? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            state.continuation = nil
            return continuation
        }
        guard let waiting else { return false }
        waiting.resume(with: result.map { Handover($0) })
        return true
    }
}

extension Blocking {
    /// Runs async work on `connection` to its end, waiting on this thread; fails as soon as
    /// the connection closes (see ``ConnectionWatch``).
    @discardableResult
    static func run<T>(
        watching connection: PostgresConnection, url: PostgresURL,
        _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
        try run { try await ConnectionWatch.run(connection, url: url, body) }
    }
}
#endif
