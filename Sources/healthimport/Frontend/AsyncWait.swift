import Foundation
import HealthExport

/// Runs async work to its end from a synchronous command.
enum AsyncWait {
    /// Waits for `work`; a Ctrl-C or SIGTERM meanwhile cancels it and, once it has ended, throws
    /// ``Interrupt/Requested`` (the command exits 130): the signal handler only sets a flag,
    /// which async work never reads, so the wait reads it for the work.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = Locked<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            do { box.store(.success(try await work())) } catch { box.store(.failure(error)) }
            done.signal()
        }
        var interrupted = false
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if !interrupted, Interrupt.isRequested {
                interrupted = true
                task.cancel()
            }
        }
        let result = box.load()!
        if interrupted, case .failure = result { throw Interrupt.Requested() }
        return try result.get()
    }
}
