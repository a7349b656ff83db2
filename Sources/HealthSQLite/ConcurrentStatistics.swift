import GRDB
import HealthStatistics

/// A run's statistics computed while it writes, for runs that commit as they go (the import into
/// a new store): the writer's side of a ``StatisticsWorker``.
///
/// Exports list their records type by type. Once the writer has moved past a type and committed
/// its rows, that type's statistics depend on nothing the run still writes: the worker computes
/// them from the committed rows on the other core while the writer goes on, and the writer writes
/// the rows it hands back between batches. Computed alone at the end, the statistics were a large
/// share of the writer's instructions.
///
/// Correctness does not rest on the export's order:
/// - `statistics_pending` keeps every day the run touched until the run's last transaction, so an
///   interrupted run leaves them all for the next run (or `stats`), as before;
/// - a type written again after its job was handed off is recomputed whole at the end;
/// - at the end, every pending day no finished job covers (a failed job, days an earlier run left
///   pending) is recomputed on the writer's connection, as a run without the worker does.
final class ConcurrentStatistics {
    private let worker: StatisticsWorker
    /// Days committed as pending whose type was not handed off yet.
    private var awaiting: [String: Set<Int32>] = [:]
    private var handedOff: Set<String> = []
    /// Types the run wrote again after handing them off.
    private var rewritten: Set<String> = []
    /// The days of each finished job, and the sources it met.
    private var computed: [String: (days: Set<Int32>, newSources: [StatisticsSource])] = [:]
    /// Jobs the worker finished; the writer computed the others, at the end.
    private(set) var jobsFinishedByWorker = 0

    /// Starts the worker on the store at `path`.
    init(path: String) {
        worker = StatisticsWorker(path: path)
    }

    /// Notes the days a commit made pending, then hands off every type waiting but `current`,
    /// the type of the last row written, whose rows may go on.
    func committed(_ touched: TouchedDays, current: String?) {
        for (type, days) in touched.days where StatisticsKind(type: type) != nil {
            if handedOff.contains(type) {
                rewritten.insert(type)
            } else {
                awaiting[type, default: []].formUnion(days)
            }
        }
        for (type, days) in awaiting.sorted(by: { $0.key < $1.key }) where type != current {
            worker.submit(StatisticsWorker.Job(type: type, days: days))
            handedOff.insert(type)
            awaiting[type] = nil
        }
    }

    /// Writes the rows the worker has computed so far, in the writer's open transaction.
    func writeComputed(_ db: Database) throws {
        while let output = worker.outputs.popIfQueued() { try write(output, db) }
    }

    /// Completes the statistics of a completed run, in its last transaction, after its rows were
    /// committed and handed off (``committed(_:current:)``): the writer computes the jobs the
    /// worker has not started, writes everything, recomputes what no job covers and empties
    /// `statistics_pending`.
    func finish(_ db: Database) throws {
        worker.endJobs()
        while let job = worker.takeJob() {
            var reader = try StatisticsSampleReader(db)
            try StoreStatistics.compute(type: job.type, days: job.days, reader: &reader) {
                try StoreStatistics.write($0, db)
            }
            computed[job.type] = (job.days, reader.newSources)
            try writeComputed(db)
        }
        while let output = worker.outputs.pop() { try write(output, db) }
        worker.join()

        var uncovered = TouchedDays()
        // A cursor: a row object per pending day would grow with the history an import covers.
        let pending = try Row.fetchCursor(db, sql: "SELECT type, day FROM statistics_pending")
        while let row = try pending.next() {
            let type: String = row[0]
            let day = Int32(row[1] as Int64)
            if rewritten.contains(type) || computed[type]?.days.contains(day) != true {
                uncovered.note(type: type, day: day)
            }
        }
        // Before the jobs' sources are added: every reader of the run sees `sources` as it was
        // when the run began.
        try StoreStatistics.refresh(db, touched: uncovered)
        for (type, job) in computed.sorted(by: { $0.key < $1.key }) where !rewritten.contains(type) {
            try StoreStatistics.addSources(job.newSources, db)
        }
        try db.execute(sql: "DELETE FROM statistics_pending")
    }

    /// Stops the worker, dropping what it computed: the run's days stay pending.
    func cancel() {
        worker.cancel()
    }

    private func write(_ output: StatisticsWorker.Output, _ db: Database) throws {
        switch output {
        case .rows(let rows):
            if !rewritten.contains(rows.type) { try StoreStatistics.write(rows, db) }
        case .done(let job, let newSources):
            computed[job.type] = (job.days, newSources)
            jobsFinishedByWorker += 1
        }
    }
}
