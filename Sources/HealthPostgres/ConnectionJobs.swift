#if PostgreSQL
import HealthExport
import PostgresNIO

/// Work on an import's connection, run one job at a time, in order, on a thread of its own: the
/// writer's thread hands a batch's write over and binds the next batch's rows while the server
/// stores this one, where otherwise one would wait for the other.
///
/// Only the thread that made it calls it. A job's failure is thrown by the next call that waits
/// for it (``wait()``, ``start(_:)``), once.
final class ConnectionJobs {
    typealias Job = @Sendable () async throws -> Void

    private let jobs = BoundedQueue<Job>(capacity: 1)
    private let ended = BoundedQueue<Result<Void, any Error>>(capacity: 1)
    private let thread: WorkerThread<Void>
    /// Whether a job was started and not waited for.
    private var running = false
    /// The failure of a job waited for by ``settle()``, not thrown yet.
    private var failure: (any Error)?

    init(connection: PostgresConnection, url: PostgresURL) {
        let (jobs, ended) = (jobs, ended)
        thread = WorkerThread(name: "postgres-jobs") {
            while let job = jobs.pop() {
                ended.push(Result { try Blocking.run(watching: connection, url: url) { try await job() } })
            }
        }
    }

    /// Waits for the job before to end, then starts `job` and returns at once.
    func start(_ job: @escaping Job) throws {
        try wait()
        jobs.push(job)
        running = true
    }

    /// Waits for the job started last, if any, and throws what it threw.
    func wait() throws {
        settle()
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    /// Waits for the job started last, if any, keeping its failure for the next ``wait()``.
    func settle() {
        guard running else { return }
        running = false
        if case .failure(let error) = ended.pop() { failure = failure ?? error }
    }

    /// Lets the last job end and stops the thread.
    func finish() {
        jobs.close()
        thread.join()
    }
}
#endif
