import Foundation

/// Runs async work to its end from a synchronous command.
enum AsyncWait {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Written by the task before it signals, read after the wait.
    private final class ResultBox<Value: Sendable>: @unchecked Sendable {
        var result: Result<Value, any Error>?
    }
}
