#if PostgreSQL
import Dispatch

/// Work that must end within a time: past it, the wait fails with ``Deadline/Exceeded`` and the
/// work is cancelled and left to itself.
///
/// A pool's lease waits for a connection as long as the server is down, and a cancelled wait
/// may still take its time to unwind: the caller's wait ends at the deadline all the same.
enum Deadline {
    /// The deadline passed before the work ended.
    struct Exceeded: Error {}

    /// The result of `body`, or ``Exceeded`` once `duration` has passed. A value `body` makes
    /// after the deadline goes to `late`, so that what needs closing (a connection) is closed.
    static func run<T>(
        _ duration: Duration, late: (@Sendable (T) -> Void)? = nil, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            let work = BlockingExecutor.task {
                do {
                    let value = try await body()
                    if !outcome.finish(.success(value)) { late?(value) }
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            // Dispatch's timer needs no thread of the pool either.
            let (seconds, attoseconds) = duration.components
            let delay = Double(seconds) + Double(attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                outcome.finish(.failure(Exceeded()))
                work.cancel()
            }
        }.value
    }
}
#endif
