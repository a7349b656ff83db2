#if PostgreSQL
import HealthExport
import ServiceLifecycle

/// How many imports of exports one process runs at once (`serve --max-imports`): plain uploads
/// and the imports of resumable ones. Each import holds a parser, its batches and a writer, so
/// a burst of uploads costs the memory of `limit` imports, not of one per upload.
///
/// An upload past the limit waits for a slot, first come first served, holding neither a
/// database connection nor its body: nothing reads the request, so the connection's
/// backpressure stops the client sending. Waiting suspends the task, never a thread. A
/// cancelled wait leaves the queue; when the graceful shutdown begins
/// (this service stops first), every wait ends with `503`, so that the drain is spent on
/// imports that run, and the uploads go to a server that stays.
final class ImportSlots: Service, Sendable {
    /// The imports that run at once, at least 1.
    let limit: Int
    private let state = Locked(State())

    private struct State {
        var running = 0
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
        var closed = false
    }

    init(limit: Int) {
        precondition(limit >= 1, "an import must be able to run")
        self.limit = limit
    }

    /// The imports running and the ones waiting for a slot.
    var counts: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Runs `body` holding a slot, waiting for one first unless `maxWaiting` imports already wait.
    func withSlot<Value>(maxWaiting: Int = .max, _ body: () async throws -> Value) async throws -> Value {
        try await acquire(maxWaiting: maxWaiting)
        defer { release() }
        return try await body()
    }

    /// Whether a slot is free now, or fewer than `maxWaiting` imports wait for one.
    func admits(maxWaiting: Int) -> Bool {
        state.withLock { $0.running < limit || $0.waiting.count < maxWaiting }
    }

    /// Takes a slot, waiting while `limit` imports run; throws `CancellationError` when the
    /// task is cancelled while it waits, `503` once the server shuts down or when it would wait
    /// behind `maxWaiting` others.
    func acquire(maxWaiting: Int = .max) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let answer = state.withLock { state -> Result<Void, any Error>? in
                    if state.closed { return .failure(Self.stopping()) }
                    // The flag is set before the handler below runs: checked under the lock,
                    // a cancellation is seen either here or by the handler.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guard state.running < limit && state.waiting.isEmpty else {
                        if state.waiting.count >= maxWaiting { return .failure(Self.busy(state.waiting.count)) }
                        state.waiting.append((id, continuation))
                        return nil
                    }
                    state.running += 1
                    return .success(())
                }
                if let answer { continuation.resume(with: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).continuation }
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back: to the first upload waiting, if any.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume()
    }

    /// Waits for the graceful shutdown, then refuses the uploads waiting and any later one.
    func run() async throws {
        try? await gracefulShutdown()
        let waiting = state.withLock { state in
            state.closed = true
            defer { state.waiting.removeAll() }
            return state.waiting.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(throwing: Self.stopping()) }
    }

    /// The answer to an upload past the waiting ones a server takes.
    static func busy(_ waiting: Int) -> ServerFailure {
        ServerFailure(
            .serviceUnavailable, "the server is busy: \(waiting) uploads wait for an import; send this one again later")
    }

    private static func stopping() -> ServerFailure {
        ServerFailure(.serviceUnavailable, "the server is shutting down: send the upload again")
    }
}
#endif
