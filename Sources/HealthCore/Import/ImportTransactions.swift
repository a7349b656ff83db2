import HealthExport
import HealthStatistics

/// One store's side of an import's writing thread: the statements of its engine, for the loop
/// both stores share (``ImportTransactions/run(_:items:policy:statistics:)``).
package protocol ImportTransaction: AnyObject {
    /// What the writer has done so far: rows added, updated, deleted, and the days they touched.
    var outcome: StoreOutcome { get }
    /// The writer's side of statistics computed beside it.
    var statisticsWriting: any StatisticsWriting { get }

    func begin() throws
    func commit() throws
    func rollback() throws
    /// Writes a batch of records, or holds them for a later write.
    func write(_ batch: [IdentifiedRecord]) throws
    /// Writes what ``write(_:)`` holds and notes in `statistics_pending` the days the rows
    /// written since the last call touched, in the open transaction; returns those days.
    func notePending() throws -> TouchedDays
    /// Forgets what a rollback undid: records held, keys known, days noted.
    func forgetRolledBack()
    /// Finds the records a completed run's export no longer holds, marks them deleted (and
    /// those it holds again restored), and notes their days.
    func applyDeletions(_ plan: DeletionPlan) throws
    /// Recomputes the statistics of every pending day, in the open transaction.
    func refreshPendingStatistics() throws
    /// Saves the run's anchors and closes its entry in the import log with `outcome`.
    func closeLog(_ closing: ImportClosing, outcome: StoreOutcome) throws
    /// The importer's ranges of types it will read completely, before the first batch: a
    /// store may start collecting what a deletion check needs.
    func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)], allOrNothing: Bool)
    /// Called after each commit.
    func committed()
}

extension ImportTransaction {
    package func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)], allOrNothing: Bool) {}
    package func committed() {}
}

/// The transaction loop of an import's writing thread, the same for both stores: it takes
/// record batches from a bounded queue and writes them, committing one transaction every
/// `rowsPerTransaction` records or `secondsPerTransaction`.
///
/// The last transaction also applies the run's `ImportClosing` (deletions, statistics, anchors
/// and the run's row in `imports`), so rows, anchors and statistics of a completed run land
/// together. An error stops the loop: the open transaction rolls back, everything committed
/// before it stays. A run that is all or nothing commits once, in the closing transaction, and a
/// run of it that does not complete leaves only its entry in the log.
package enum ImportTransactions {
    /// When the loop commits.
    package struct Policy: Sendable {
        package var rowsPerTransaction: Int
        package var secondsPerTransaction: Double
        /// Commits once, at the end, and nothing of a run that does not complete.
        package var allOrNothing: Bool

        package init(rowsPerTransaction: Int, secondsPerTransaction: Double, allOrNothing: Bool) {
            self.rowsPerTransaction = allOrNothing ? .max : rowsPerTransaction
            self.secondsPerTransaction = allOrNothing ? .infinity : secondsPerTransaction
            self.allOrNothing = allOrNothing
        }

        /// The policy of a run with `options`: all or nothing when it commits at its end, or when
        /// the store asks it to (`allOrNothing`, the server's uploads).
        package init(_ options: ImportOptions, allOrNothing: Bool = false) {
            self.init(
                rowsPerTransaction: options.rowsPerTransaction, secondsPerTransaction: options.secondsPerTransaction,
                allOrNothing: allOrNothing || options.commitAtEnd)
        }
    }

    /// Drains `items` into `transaction`; `statistics`, for a run that commits as it goes,
    /// computes the statistics beside the writer.
    package static func run(
        _ transaction: some ImportTransaction, items: BoundedQueue<BatchItem>, policy: Policy,
        statistics: ConcurrentStatistics?
    ) throws -> StoreOutcome {
        defer { statistics?.cancel() }
        let clock = ContinuousClock()
        var open = false
        var rows = 0
        var began = clock.now
        var currentType: String?
        do {
            while let item = items.pop() {
                if case .prepareDeletions(let ranges) = item {
                    if !open { transaction.prepareDeletions(ranges, allOrNothing: policy.allOrNothing) }
                    continue
                }
                if !open {
                    try transaction.begin()
                    open = true
                    rows = 0
                    began = clock.now
                }
                switch item {
                case .prepareDeletions:
                    break
                case .batch(let batch):
                    try transaction.write(batch)
                    rows += batch.count
                    var typeEnded = false
                    if let statistics {
                        let type = batch.last?.record.type ?? currentType
                        typeEnded = currentType != nil && type != currentType
                        currentType = type
                        try statistics.writeComputed(transaction.statisticsWriting)
                    }
                    if rows >= policy.rowsPerTransaction
                        || (typeEnded && rows >= ConcurrentStatistics.rowsBeforeTypeEndCommit)
                        || (policy.secondsPerTransaction.isFinite
                            && clock.now - began >= .seconds(policy.secondsPerTransaction))
                    {
                        let touched = try transaction.notePending()
                        try transaction.commit()
                        open = false
                        transaction.committed()
                        statistics?.committed(touched, current: currentType)
                    }
                case .close(let closing):
                    let completed = closing.outcome == .completed
                    if completed, let plan = closing.deletions { try transaction.applyDeletions(plan) }
                    // The statistics change in the transaction that completes the run; an
                    // interrupted run leaves its days pending for the next run (or `stats`).
                    let touched = try transaction.notePending()
                    if completed, let statistics {
                        // The last rows are committed first, for the worker to read them.
                        try transaction.commit()
                        transaction.committed()
                        statistics.committed(touched, current: nil)
                        try transaction.begin()
                        try statistics.finish(transaction.statisticsWriting)
                    } else if completed {
                        try transaction.refreshPendingStatistics()
                    }
                    if policy.allOrNothing, !completed {
                        try transaction.rollback()
                        transaction.forgetRolledBack()
                        try transaction.begin()
                        try transaction.closeLog(closing, outcome: StoreOutcome())
                    } else {
                        try transaction.closeLog(closing, outcome: transaction.outcome)
                    }
                }
            }
            if open {
                _ = try transaction.notePending()
                try transaction.commit()
                transaction.committed()
            }
            return transaction.outcome
        } catch {
            if open { try? transaction.rollback() }
            throw error
        }
    }
}
