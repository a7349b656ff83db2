import Foundation

/// Runs async work to its end from a thread that may wait: the command line's main thread or an
/// importer's threads. Never call it from a task of the cooperative pool, which it would block.
public enum Blocking {
    private final class Box<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }

    @discardableResult
    static func run<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}
