import HealthStatistics

/// A store's writing side of statistics: the writer's connection, inside its open transaction.
package protocol StatisticsWriting {
    /// Replaces the rows of `rows`' range with them.
    func write(_ rows: StatisticsRows) throws
    /// Computes `job` on the writer's connection, as ``StatisticsComputer/compute(_:deliver:)`` does.
    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource]
    /// Visits every day in `statistics_pending`.
    func visitPending(_ visit: (String, Int32) throws -> Void) throws
    /// Recomputes the buckets and nights `touched` reaches, as a run without a worker does.
    func refresh(_ touched: TouchedDays) throws
    /// Adds to `sources` the sources a job met.
    func addSources(_ sources: [StatisticsSource]) throws
    /// Empties `statistics_pending`.
    func clearPending() throws
}

/// A run's statistics computed while it writes, for runs that commit as they go (the import into
/// a new store): the writer's side of a ``StatisticsWorker``, for either store.
///
/// Exports list their records type by type. Once the writer has moved past a type and committed
/// its rows, that type's statistics depend on nothing the run still writes: the worker computes
/// them from the committed rows on the other core while the writer goes on, and the writer writes
/// the rows it hands back between batches.
///
/// Correctness does not rest on the export's order:
/// - `statistics_pending` keeps every day the run touched until the run's last transaction, so an
///   interrupted run leaves them all for the next run (or `stats`), as before;
/// - a type written again after its job was handed off is recomputed whole at the end;
/// - at the end, every pending day no finished job covers (a failed job, days an earlier run left
///   pending) is recomputed on the writer's connection, as a run without the worker does.
package final class ConcurrentStatistics {
    /// Rows after which a run computing statistics beside its writer also commits where a type
    /// ends, so the worker can take that type at once rather than after the next full
    /// transaction, and the writer has less left to compute itself at the end.
    package static let rowsBeforeTypeEndCommit = 50_000

    private let worker: StatisticsWorker
    /// Days committed as pending whose type was not handed off yet.
    private var awaiting: [String: Set<Int32>] = [:]
    private var handedOff: Set<String> = []
    /// Types the run wrote again after handing them off.
    private var rewritten: Set<String> = []
    /// The days of each finished job, and the sources it met.
    private var computed: [String: (days: Set<Int32>, newSources: [StatisticsSource])] = [:]
    /// Jobs the worker finished; the writer computed the others, at the end.
    package private(set) var jobsFinishedByWorker = 0

    /// Starts the worker, which opens its computer with `open` on its own thread; the computer
    /// delivers ranges of `monthsPerRange` months.
    package init(monthsPerRange: Int, open: @escaping @Sendable () throws -> any StatisticsComputer) {
        worker = StatisticsWorker(monthsPerRange: monthsPerRange, open: open)
    }

    /// Notes the days a commit made pending, then hands off every type waiting but `current`,
    /// the type of the last row written, whose rows may go on.
    package func committed(_ touched: TouchedDays, current: String?) {
        for (type, days) in touched.days where StatisticsKind(type: type) != nil {
            if handedOff.contains(type) {
                rewritten.insert(type)
            } else {
                awaiting[type, default: []].formUnion(days)
            }
        }
        for (type, days) in awaiting.sorted(by: { $0.key < $1.key }) where type != current {
            worker.submit(StatisticsJob(type: type, days: days))
            handedOff.insert(type)
            awaiting[type] = nil
        }
    }

    /// Writes the rows the worker has computed so far, in the writer's open transaction.
    package func writeComputed(_ store: some StatisticsWriting) throws {
        while let output = worker.outputs.popIfQueued() { try write(output, store) }
    }

    /// Completes the statistics of a completed run, in its last transaction, after its rows were
    /// committed and handed off (``committed(_:current:)``): the writer computes the jobs the
    /// worker has not started, writes everything, recomputes what no job covers and empties
    /// `statistics_pending`.
    package func finish(_ store: some StatisticsWriting) throws {
        worker.endJobs()
        while let job = worker.takeJob() {
            let newSources = try store.compute(job) { try store.write($0) }
            computed[job.type] = (job.days, newSources)
            try writeComputed(store)
        }
        while let output = worker.outputs.pop() { try write(output, store) }
        worker.join()

        var uncovered = TouchedDays()
        try store.visitPending { type, day in
            if rewritten.contains(type) || computed[type]?.days.contains(day) != true {
                uncovered.note(type: type, day: day)
            }
        }
        // Before the jobs' sources are added: every reader of the run sees `sources` as it was
        // when the run began.
        try store.refresh(uncovered)
        for (type, job) in computed.sorted(by: { $0.key < $1.key }) where !rewritten.contains(type) {
            try store.addSources(job.newSources)
        }
        try store.clearPending()
    }

    /// Stops the worker, dropping what it computed: the run's days stay pending.
    package func cancel() {
        worker.cancel()
    }

    private func write(_ output: StatisticsWorker.Output, _ store: some StatisticsWriting) throws {
        switch output {
        case .rows(let rows):
            if !rewritten.contains(rows.type) { try store.write(rows) }
        case .done(let job, let newSources):
            computed[job.type] = (job.days, newSources)
            jobsFinishedByWorker += 1
        }
    }
}
