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
///
/// A server that stops answering without closing its connections (frozen) fails the wait too:
/// once a wait is long, a new connection asks the server whether it still answers
/// (``ServerProbe``), and again each time it did.
enum ConnectionWatch {
    /// The result of `body`, which works on `connection`; fails as soon as `connection` closes,
    /// or once its server stops answering (then `connection` is closed).
    ///
    /// When the connection closes first, `body` is left to itself: it waits on a connection
    /// that will never answer, and holds nothing else.
    ///
    /// Cancelling the calling task (Ctrl-C in a command, a client gone from the server) fails
    /// the wait with `CancellationError` at once and closes `connection`: the server may work
    /// for a long time before its first row (a sort of every sample), and the driver cannot
    /// cancel a query in flight.
    static func run<T>(
        _ connection: PostgresConnection, url: PostgresURL, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        let watch = ServerWatch(url: url, connection: connection, outcome: outcome)
        defer { watch.stop() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(continuation)
                BlockingExecutor.task {
                    do {
                        let value = try await body()
                        ServerProbe.noteAnswered(url)
                        outcome.finish(.success(value))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                connection.closeFuture.whenComplete { _ in
                    outcome.finish(.failure(StoreError.wentAway(url)))
                }
                // A cancel before the continuation waited found nothing to fail.
                if Task.isCancelled, outcome.finish(.failure(CancellationError())) { PostgresStore.close(connection) }
                watch.start()
            }.value
        } onCancel: {
            if outcome.finish(.failure(CancellationError())) { PostgresStore.close(connection) }
        }
    }

    /// How long a wait goes on before its server is asked whether it still answers, and again
    /// after each time it did.
    static let quietSeconds: Int64 = 5
}

/// The probes of a server while the rows of one answer are read, after ``ConnectionWatch``
/// has seen the answer begin: the caller's waits for the next row are no longer watched, so
/// once no row has come for ``ConnectionWatch/quietSeconds``, a new connection asks the server
/// whether it still answers (``ServerProbe``). One that does not has the connection closed,
/// which fails the read; ``silenced`` then tells why.
final class RowStreamWatch: Sendable {
    let url: PostgresURL
    let connection: PostgresConnection
    private let state = Locked<(rows: Int, seen: Int, quiet: Int64, next: Scheduled<Void>?, stopped: Bool)>(
        (0, 0, 0, nil, false))
    private let silence = Locked(false)

    /// Starts watching the rows read from `connection`.
    init(connection: PostgresConnection, url: PostgresURL) {
        self.connection = connection
        self.url = url
        schedule()
    }

    /// Whether the server was found not answering (and the connection closed for it).
    var silenced: Bool { silence.withLock { $0 } }

    /// Notes that a row came.
    @inline(__always)
    func noteRow() { state.withLock { $0.rows &+= 1 } }

    /// Ends the watch.
    func stop() {
        state.withLock {
            $0.stopped = true
            $0.next?.cancel()
            $0.next = nil
        }
    }

    /// Looks at the rows a second from now.
    private func schedule() {
        let task = connection.eventLoop.scheduleTask(in: .seconds(1)) { [self] in look() }
        state.withLock { state in
            if state.stopped { task.cancel() } else { state.next = task }
        }
    }

    private func look() {
        let quiet = state.withLock { state -> Bool? in
            guard !state.stopped else { return nil }
            state.quiet = state.rows == state.seen ? state.quiet + 1 : 0
            state.seen = state.rows
            return state.quiet >= ConnectionWatch.quietSeconds
        }
        guard let quiet else { return }
        guard quiet else { return schedule() }
        state.withLock { $0.quiet = 0 }
        ServerProbe.check(url, within: Int64(PostgresURL.connectSeconds + 1)) { [self] answered in
            guard !state.withLock({ $0.stopped }) else { return }
            if answered { return schedule() }
            silence.withLock { $0 = true }
            PostgresStore.close(connection)
        }
    }
}

/// The probes of one wait's server, one after another while the wait goes on.
private final class ServerWatch<T>: Sendable {
    let url: PostgresURL
    let connection: PostgresConnection
    let outcome: FirstOutcome<T>
    private let next = Locked<Scheduled<Void>?>(nil)

    init(url: PostgresURL, connection: PostgresConnection, outcome: FirstOutcome<T>) {
        self.url = url
        self.connection = connection
        self.outcome = outcome
    }

    func start() {
        // Once a server was found not answering, the waits that follow (the run's clean-up) hear it sooner.
        let delay = ServerProbe.wasSilent(url, within: 60) ? 1 : ConnectionWatch.quietSeconds
        let task = connection.eventLoop.scheduleTask(in: .seconds(delay)) { [self] in probe() }
        next.withLock { $0 = task }
    }

    /// Ends the probes (one that is under way sees the wait ended and stops there).
    func stop() {
        next.withLock {
            $0?.cancel()
            $0 = nil
        }
    }

    private func probe() {
        guard !outcome.isFinished else { return }
        guard !ServerProbe.wasSilent(url, within: 10) else { return giveUp() }
        ServerProbe.check(url, within: Int64(PostgresURL.connectSeconds + 1)) { [self] answered in
            guard !outcome.isFinished else { return }
            if answered { start() } else { giveUp() }
        }
    }

    private func giveUp() {
        if outcome.finish(.failure(StoreError.stoppedAnswering(url))) { PostgresStore.close(connection) }
    }
}

/// The first of several racing outcomes, handed to one waiting continuation.
final class FirstOutcome<T>: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Handover<T>, any Error>?, finished: Bool)>(
        (nil, false))

    /// Whether an outcome was handed over.
    var isFinished: Bool { state.withLock { $0.finished } }

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
