import Foundation

/// A thread that runs one body, and whose result the thread that started it can wait for.
///
/// Not shareable: start it and join it from one thread. The result travels through a
/// ``BoundedQueue``, the one primitive the threads of a run hand things over with.
package final class WorkerThread<Result: Sendable> {
    private let outcome = BoundedQueue<Result>(capacity: 1)
    private var joined: Result?

    /// Starts a thread named `name` running `body`; the system's thread takes the name's first
    /// 15 bytes (`top -H`, `Benchmarks/threads.sh`).
    package init(name: String, _ body: @escaping @Sendable () -> Result) {
        let outcome = self.outcome
        let thread = Thread {
            SystemCall.nameThread(name)
            outcome.push(body())
            outcome.close()
        }
        thread.name = name
        thread.start()
    }

    /// Waits for the body to end and returns its result (again, on later calls).
    @discardableResult
    package func join() -> Result {
        if let joined { return joined }
        // The queue closes only after the body's result was pushed, so `pop` yields it.
        let result = outcome.pop()!
        joined = result
        return result
    }
}

extension WorkerThread {
    /// Runs `body` on a thread of its own and returns its result, without holding a thread of the
    /// cooperative pool meanwhile: for synchronous work that async code asks for (a computation
    /// whose reads wait for the database as it goes).
    package static func run(name: String, _ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                SystemCall.nameThread(name)
                continuation.resume(with: Swift.Result { try body() })
            }
            thread.name = name
            thread.start()
        }
    }
}
