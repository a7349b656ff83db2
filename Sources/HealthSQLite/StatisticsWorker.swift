import GRDB
import HealthExport
import HealthStatistics

/// Computes statistics on a thread of its own, through a read-only connection
/// (``HealthStore/sideReader(path:)``), from rows the writer has committed; the writer writes
/// the rows it hands back (``outputs``).
///
/// Each job is one type's days, read in one snapshot of the store. A job that fails ends the
/// thread: its days are still pending, and the writer computes whatever no job finished.
final class StatisticsWorker {
    /// One type's days to compute.
    struct Job: Sendable {
        let type: String
        let days: Set<Int32>
    }

    /// What the thread hands back, in the order it computed it.
    enum Output: Sendable {
        /// The rows of one range of a job's days.
        case rows(StatisticsRows)
        /// Every range of the job came before; `newSources` are the sources it met that the
        /// `sources` table does not list, or lists without their device model.
        case done(Job, newSources: [StatisticsSource])
    }

    /// Jobs are small and the writer must never wait to hand one over: unbounded.
    private let jobs = BoundedQueue<Job>(capacity: .max)
    /// A month of one type's rows each, at most 16 waiting for the writer.
    let outputs = BoundedQueue<Output>(capacity: 16)
    private let thread: WorkerThread<Void>
    private let stop = Locked(false)

    /// Starts the thread on the store at `path`.
    init(path: String) {
        let (jobs, outputs, stop) = (self.jobs, self.outputs, self.stop)
        thread = WorkerThread(name: "statistics") {
            defer { outputs.close() }
            guard let queue = try? HealthStore.sideReader(path: path) else { return }
            defer { try? queue.close() }
            while let job = jobs.pop(), !stop.load() {
                do {
                    try queue.read { db in
                        var reader = try StatisticsSampleReader(db)
                        try StoreStatistics.compute(type: job.type, days: job.days, reader: &reader) { rows in
                            guard !stop.load(), outputs.push(.rows(rows)) else { throw CancellationError() }
                        }
                        outputs.push(.done(job, newSources: reader.newSources))
                    }
                } catch {
                    return
                }
            }
        }
    }

    /// Queues a job.
    func submit(_ job: Job) { jobs.push(job) }

    /// A queued job the thread has not started, taken off its queue; `nil` when none is left.
    func takeJob() -> Job? { jobs.popIfQueued() }

    /// No more jobs will come: the thread ends when it has done those it takes.
    func endJobs() { jobs.close() }

    /// Waits for the thread to end.
    func join() { thread.join() }

    /// Stops the thread, dropping what it computed, and waits for it.
    func cancel() {
        stop.store(true)
        jobs.close(discarding: true)
        outputs.close(discarding: true)
        thread.join()
    }
}
