import GRDB
import HealthCore
import HealthExport
import HealthStatistics

/// The writing thread of an import into the SQLite store: takes record batches from a bounded
/// queue and inserts them, committing as the run's `ImportTransactions.Policy` says.
///
/// The last transaction also applies the run's `ImportClosing` (anchors and the run's row in
/// `imports`), so rows and anchors of a completed run land together. An error stops the thread:
/// the open transaction rolls back, everything committed before it stays.
enum BatchWriter {
    /// Starts the writing thread on `store` for run `importID`, committing as `policy` says.
    static func start(store: HealthStore, importID: Int64, policy: ImportTransactions.Policy) -> BatchQueue {
        // The thread takes the store out of this one-item queue, so it holds no reference to it
        // once it ends: the caller's release then closes the connection at once, before it
        // opens the store again.
        let handedStore = BoundedQueue<HealthStore>(capacity: 1)
        handedStore.push(store)
        handedStore.close()
        return BatchQueue(name: "sqlite-writer") { items in
            guard let store = handedStore.pop() else { return .success(StoreOutcome()) }
            do {
                let outcome = try store.queue.writeWithoutTransaction { db in
                    try Self.loop(
                        db, items: items, importID: importID,
                        path: store.path.isEmpty || store.path.hasPrefix(":memory:") ? nil : store.path,
                        logRestartPages: store.logRestartPages, policy: policy)
                }
                return .success(outcome)
            } catch {
                return .failure(StoreError.sqlite(error, path: store.path))
            }
        }
    }

    /// Writes every batch, then the closing, through the loop both stores share; returns what
    /// the store found.
    private static func loop(
        _ db: Database, items: BoundedQueue<BatchItem>, importID: Int64, path: String?, logRestartPages: Int,
        policy: ImportTransactions.Policy
    ) throws -> StoreOutcome {
        let commitAtEnd = policy.allOrNothing
        // SQLite's foreign key checks are off: every key the writer binds comes from `SampleKeys`.
        return try ForeignKeyChecks.withoutChecks(db) {
            let transaction = SQLiteImportTransaction(
                db, importID: importID, path: path, commitAtEnd: commitAtEnd, logRestartPages: logRestartPages)
            defer { transaction.finish() }
            if transaction.checkpointer != nil { try db.execute(sql: WALCheckpointer.writerPragma) }
            // A run that commits as it goes computes its statistics beside the writer, from committed rows.
            var statistics: ConcurrentStatistics?
            if !commitAtEnd, let path {
                let clocks = ClockMetadataLog()
                transaction.noteClocks(in: clocks)
                statistics = ConcurrentStatistics(path: path, clocks: clocks)
            }
            return try ImportTransactions.run(transaction, items: items, policy: policy, statistics: statistics)
        }
    }
}

/// The SQLite store's side of an import's transaction loop, on the writer's connection.
final class SQLiteImportTransaction: ImportTransaction {
    private let db: Database
    private let importID: Int64
    private let path: String?
    private let writer: RecordWriter
    private var prescan: DeletionPrescan?
    /// For a run that commits as it goes: checkpoints beside the writer (without that
    /// connection, on the writer's).
    let checkpointer: WALCheckpointer?

    init(_ db: Database, importID: Int64, path: String?, commitAtEnd: Bool, logRestartPages: Int) {
        self.db = db
        self.importID = importID
        self.path = path
        writer = RecordWriter(db)
        checkpointer =
            commitAtEnd ? nil : path.flatMap { try? WALCheckpointer(path: $0, restartPages: logRestartPages) }
    }

    /// Has the writer note the samples' clock metadata in `clocks`, for the statistics computed beside it.
    func noteClocks(in clocks: ClockMetadataLog) { writer.clocks = clocks }

    /// Stops the threads beside the writer.
    func finish() {
        prescan?.cancel()
        if let checkpointer {
            checkpointer.finish()
            try? db.execute(sql: WALCheckpointer.restorePragma)
        }
    }

    var outcome: StoreOutcome { writer.outcome }
    var statisticsWriting: any StatisticsWriting {
        SQLiteStatisticsWriting(db: db, clocks: writer.clocks ?? ClockMetadataLog())
    }

    func begin() throws { try db.beginTransaction(.immediate) }
    func commit() throws { try db.commit() }
    func rollback() throws { try db.rollback() }
    func write(_ batch: [IdentifiedRecord]) throws { try writer.write(batch) }

    /// Also inserts the metadata rows the writer holds.
    func notePending() throws -> TouchedDays {
        try writer.flushMetadata()
        let touched = writer.touched
        try StoreStatistics.notePending(db, touched)
        writer.touched.removeAll()
        return touched
    }

    func forgetRolledBack() { writer.keys.forget() }

    func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)], allOrNothing: Bool) {
        // Another connection sees the store as it was only while this run commits nothing.
        if allOrNothing, prescan == nil, let path { prescan = DeletionPrescan(path: path, ranges: ranges) }
    }

    func committed() {
        checkpointer?.restartIfLong(db)
        checkpointer?.request()
    }

    func applyDeletions(_ plan: DeletionPlan) throws {
        let collected = prescan?.collected()
        prescan = nil
        let findings = try DeletionFinder.find(
            plan, addedByRun: writer.outcome.added, collected: collected, replacedByRun: writer.replacedKeys
        ) { type, from, through, visit in
            try DeletionScan.scan(db, type: type, from: from, through: through, visit: visit)
        }
        try DeletionScan.apply(findings, importID: importID, db)
        for (type, records) in findings.deletions { writer.outcome.deleted[type] = records.count }
        for (type, records) in findings.restorations { writer.outcome.restored[type] = records.count }
        writer.outcome.touched.formUnion(findings.touched)
        for (type, records) in findings.deletions.merging(findings.restorations, uniquingKeysWith: +) {
            for record in records { writer.touched.noteAround(type: type, start: record.start) }
        }
        writer.outcome.anchorsDropped = findings.implausible
    }

    func refreshPendingStatistics() throws { try StoreStatistics.refreshPending(db) }

    func closeLog(_ closing: ImportClosing, outcome: StoreOutcome) throws {
        try ImportLog.close(db, id: importID, closing, outcome: outcome)
    }
}
