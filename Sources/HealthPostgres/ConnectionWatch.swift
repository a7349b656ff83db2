import Foundation
import HealthCore
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
///
/// `@unchecked Sendable`: every stored property is read and written only with the lock held.
final class FirstOutcome<T>: @unchecked Sendable {
    /// A value the continuation carries across, whatever `T` is.
    struct Carried: @unchecked Sendable { var value: T }

    private let lock = NSLock()
    private var continuation: CheckedContinuation<Carried, any Error>?
    private var finished = false

    func wait(_ continuation: CheckedContinuation<Carried, any Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    /// Resumes the waiting continuation with `result`, unless an earlier outcome did; tells
    /// whether it was this one.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return false
        }
        finished = true
        self.continuation = nil
        lock.unlock()
        continuation.resume(with: result.map { Carried(value: $0) })
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
