/// Work that must end within a time: past it, the wait fails with ``Deadline/Exceeded`` and the
/// work is cancelled and left to itself.
///
/// A pool's lease waits for a connection as long as the server is down, and a cancelled wait
/// may still take its time to unwind: the caller's wait ends at the deadline all the same.
enum Deadline {
    /// The deadline passed before the work ended.
    struct Exceeded: Error {}

    /// The result of `body`, or ``Exceeded`` once `duration` has passed.
    static func run<T>(_ duration: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let outcome = FirstOutcome<T>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            let work = Task {
                do {
                    outcome.finish(.success(try await body()))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: duration)
                outcome.finish(.failure(Exceeded()))
                work.cancel()
            }
        }.value
    }
}
