import HealthExport
import HealthStatistics

/// One type's days of statistics to compute.
package struct StatisticsJob: Sendable {
    package let type: String
    package let days: Set<Int32>

    package init(type: String, days: Set<Int32>) {
        self.type = type
        self.days = days
    }
}

/// A store's reading side of statistics computed beside its writer: a connection of its own,
/// which sees what the writer has committed.
package protocol StatisticsComputer {
    /// Computes `job`'s rows from committed rows, handing each range to `deliver`; returns the
    /// sources it met that the `sources` table does not list, or lists without their device model.
    mutating func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws
        -> [StatisticsSource]
    /// Lets go of the connection.
    func close()
}

/// Computes statistics on a thread of its own, through a ``StatisticsComputer`` it opens there,
/// from rows the writer has committed; the writer writes the rows it hands back (``outputs``).
///
/// A job that fails ends the thread: its days are still pending, and the writer computes
/// whatever no job finished.
package final class StatisticsWorker {
    /// What the thread hands back, in the order it computed it.
    package enum Output: Sendable {
        /// The rows of one range of a job's days.
        case rows(StatisticsRows)
        /// Every range of the job came before; `newSources` as ``StatisticsComputer/compute(_:deliver:)`` returns them.
        case done(StatisticsJob, newSources: [StatisticsSource])
    }

    /// Jobs are small and the writer must never wait to hand one over: unbounded.
    private let jobs = BoundedQueue<StatisticsJob>(capacity: .max)
    /// A range of one type's rows each, waiting for the writer: as many as cover about
    /// ``waitingMonths`` months, for a range's rows are held whole until written.
    package let outputs: BoundedQueue<Output>
    /// The months of rows the outputs hold at most, whatever months a range spans.
    package static let waitingMonths = 16
    private let thread: WorkerThread<Void>
    private let stop = Locked(false)

    /// Starts the thread, which opens its computer with `open`; the computer delivers ranges of
    /// `monthsPerRange` months.
    package init(monthsPerRange: Int, open: @escaping @Sendable () throws -> any StatisticsComputer) {
        outputs = BoundedQueue(capacity: max(2, Self.waitingMonths / monthsPerRange))
        let (jobs, outputs, stop) = (self.jobs, self.outputs, self.stop)
        thread = WorkerThread(name: "statistics") {
            defer { outputs.close() }
            guard var computer = try? open() else { return }
            defer { computer.close() }
            while let job = jobs.pop(), !stop.load() {
                do {
                    let newSources = try computer.compute(job) { rows in
                        guard !stop.load(), outputs.push(.rows(rows)) else { throw CancellationError() }
                    }
                    outputs.push(.done(job, newSources: newSources))
                } catch {
                    return
                }
            }
        }
    }

    /// Queues a job.
    package func submit(_ job: StatisticsJob) { jobs.push(job) }

    /// A queued job the thread has not started, taken off its queue; `nil` when none is left.
    package func takeJob() -> StatisticsJob? { jobs.popIfQueued() }

    /// No more jobs will come: the thread ends when it has done those it takes.
    package func endJobs() { jobs.close() }

    /// Waits for the thread to end.
    package func join() { thread.join() }

    /// Stops the thread, dropping what it computed, and waits for it.
    package func cancel() {
        stop.store(true)
        jobs.close(discarding: true)
        outputs.close(discarding: true)
        thread.join()
    }
}
