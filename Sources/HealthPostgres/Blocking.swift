#if PostgreSQL
import Foundation
import HealthExport

/// Runs async work to its end on the calling thread, which waits for it: the command line's
/// main thread, an importer's threads, a synchronous test.
///
/// The work's jobs run on the calling thread itself (a task executor of its own), not on the
/// cooperative pool, so any number of threads may wait at once, including threads of that pool
/// (whose every thread a waiting caller would otherwise hold while its work waited for one).
public enum Blocking {
    @discardableResult
    static func run<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Locked<Result<T, any Error>?>(nil)
        if #available(macOS 15.0, iOS 18.0, *) {
            let executor = CallingThreadExecutor()
            // Unstructured tasks the work starts (deadlines) find the executor here: they do not
            // inherit its preference, and the pool they would go to may be all waiting callers.
            BlockingExecutor.$current.withValue(executor) {
                Task(executorPreference: executor) {
                    do { box.store(.success(try await body())) } catch { box.store(.failure(error)) }
                    executor.finish()
                }
            }
            executor.run()
        } else {
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                do { box.store(.success(try await body())) } catch { box.store(.failure(error)) }
                done.signal()
            }
            done.wait()
        }
        return try box.load()!.get()
    }
}

/// Unstructured tasks that work waited for in ``Blocking/run(_:)`` may start, run on that
/// wait's executor: they do not inherit its preference, and the cooperative pool they would go to
/// may have every thread waiting in `Blocking`.
enum BlockingExecutor {
    /// The executor of the ``Blocking/run(_:)`` whose work is running, if any.
    @available(macOS 15.0, iOS 18.0, *)
    @TaskLocal static var current: (any TaskExecutor)?

    /// Starts `body` as an unstructured task, on the waiting caller's executor when there is one.
    @discardableResult
    static func task(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, *) {
            return Task(executorPreference: current) { await body() }
        }
        return Task { await body() }
    }
}

/// A task executor whose jobs the thread that called ``run()`` runs, until ``finish()``.
@available(macOS 15.0, iOS 18.0, *)
private final class CallingThreadExecutor: TaskExecutor {
    private let jobs = BoundedQueue<UnownedJob>(capacity: .max)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.push(UnownedJob(job))
    }

    func finish() {
        jobs.close()
    }

    func run() {
        while let job = jobs.pop() { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
#endif
