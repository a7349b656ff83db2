import GRDB
import HealthCore
import HealthExport
import HealthStatistics

/// The writing thread of an import into the SQLite store: takes record batches from a bounded
/// queue and inserts them, committing one transaction every ``rowsPerTransaction`` records or
/// ``secondsPerTransaction``.
///
/// The last transaction also applies the run's `ImportClosing` (anchors and the run's row in
/// `imports`), so rows and anchors of a completed run land together. An error stops the thread:
/// the open transaction rolls back, everything committed before it stays.
enum BatchWriter {
    /// Starts the writing thread on `store` for run `importID`; with `commitAtEnd` it commits
    /// once, in the closing transaction.
    static func start(
        store: HealthStore, importID: Int64, rowsPerTransaction: Int, secondsPerTransaction: Double,
        commitAtEnd: Bool = false
    ) -> BatchQueue {
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
                        rowsPerTransaction: commitAtEnd ? Int.max : rowsPerTransaction,
                        secondsPerTransaction: commitAtEnd ? .infinity : secondsPerTransaction, commitAtEnd: commitAtEnd
                    )
                }
                return .success(outcome)
            } catch {
                return .failure(StoreError.sqlite(error, path: store.path))
            }
        }
    }

    /// Inserts the metadata rows the writer holds and moves the days the rows written so far
    /// touched into `statistics_pending`, in the open transaction; returns those days. Called
    /// before every commit.
    @discardableResult
    private static func notePending(_ writer: RecordWriter, _ db: Database) throws -> TouchedDays {
        try writer.flushMetadata()
        let touched = writer.touched
        try StoreStatistics.notePending(db, touched)
        writer.touched.removeAll()
        return touched
    }

    /// Writes every batch, then the closing; returns what the store found.
    private static func loop(
        _ db: Database, items: BoundedQueue<BatchItem>, importID: Int64, path: String?, rowsPerTransaction: Int,
        secondsPerTransaction: Double, commitAtEnd: Bool
    ) throws -> StoreOutcome {
        return try ForeignKeyChecks.withoutChecks(db) {
            try loopCheckedByKeys(
                db, items: items, importID: importID, path: path, rowsPerTransaction: rowsPerTransaction,
                secondsPerTransaction: secondsPerTransaction, commitAtEnd: commitAtEnd)
        }
    }

    /// ``loop(_:items:importID:path:rowsPerTransaction:secondsPerTransaction:commitAtEnd:)`` with
    /// SQLite's foreign key checks off: every key the writer binds comes from ``SampleKeys``.
    private static func loopCheckedByKeys(
        _ db: Database, items: BoundedQueue<BatchItem>, importID: Int64, path: String?, rowsPerTransaction: Int,
        secondsPerTransaction: Double, commitAtEnd: Bool
    ) throws -> StoreOutcome {
        let writer = RecordWriter(db)
        let clock = ContinuousClock()
        var open = false
        var rows = 0
        var began = clock.now
        var prescan: DeletionPrescan?
        defer { prescan?.cancel() }
        // A run that commits as it goes computes its statistics beside the writer, from committed rows.
        let statistics = commitAtEnd ? nil : path.map(ConcurrentStatistics.init(path:))
        defer { statistics?.cancel() }
        // Such a run also checkpoints beside the writer (without that connection, on the writer's).
        let checkpointer = commitAtEnd ? nil : path.flatMap { try? WALCheckpointer(path: $0) }
        if checkpointer != nil { try db.execute(sql: WALCheckpointer.writerPragma) }
        defer {
            if let checkpointer {
                checkpointer.finish()
                try? db.execute(sql: WALCheckpointer.restorePragma)
            }
        }
        var currentType: String?
        do {
            while let item = items.pop() {
                if case .prepareDeletions(let ranges) = item {
                    // Another connection sees the store as it was only while this run commits nothing.
                    if commitAtEnd, !open, prescan == nil, let path {
                        prescan = DeletionPrescan(path: path, ranges: ranges)
                    }
                    continue
                }
                if !open {
                    try db.beginTransaction(.immediate)
                    open = true
                    rows = 0
                    began = clock.now
                }
                switch item {
                case .prepareDeletions:
                    break
                case .batch(let batch):
                    try writer.write(batch)
                    rows += batch.count
                    var typeEnded = false
                    if let statistics {
                        let type = batch.last?.record.type ?? currentType
                        typeEnded = currentType != nil && type != currentType
                        currentType = type
                        try statistics.writeComputed(SQLiteStatisticsWriting(db: db))
                    }
                    if rows >= rowsPerTransaction || (typeEnded && rows >= ConcurrentStatistics.rowsBeforeTypeEndCommit)
                        || (secondsPerTransaction.isFinite && clock.now - began >= .seconds(secondsPerTransaction))
                    {
                        let touched = try notePending(writer, db)
                        try db.commit()
                        checkpointer?.restartIfLong(db)
                        checkpointer?.request()
                        open = false
                        statistics?.committed(touched, current: currentType)
                    }
                case .close(let closing):
                    if closing.outcome == .completed, let plan = closing.deletions {
                        let collected = prescan?.collected()
                        prescan = nil
                        let findings = try DeletionFinder.find(
                            plan, addedByRun: writer.outcome.added, collected: collected,
                            replacedByRun: writer.replacedKeys
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
                    // The statistics change in the transaction that completes the run; an interrupted
                    // run leaves its days pending for the next run (or `stats`).
                    let touched = try notePending(writer, db)
                    if closing.outcome == .completed {
                        if let statistics {
                            // The last rows are committed first, for the worker to read them.
                            try db.commit()
                            checkpointer?.request()
                            statistics.committed(touched, current: nil)
                            try db.beginTransaction(.immediate)
                            try statistics.finish(SQLiteStatisticsWriting(db: db))
                        } else {
                            try StoreStatistics.refreshPending(db)
                        }
                    }
                    if commitAtEnd, closing.outcome != .completed {
                        // A run that may correct the store commits all or nothing: only its outcome stays.
                        try db.rollback()
                        writer.keys.forget()
                        try db.beginTransaction(.immediate)
                        try ImportLog.close(db, id: importID, closing, outcome: StoreOutcome())
                    } else {
                        var closing = closing
                        closing.anchors.removeAll { writer.outcome.anchorsDropped.contains($0.type) }
                        try ImportLog.close(db, id: importID, closing, outcome: writer.outcome)
                        for type in writer.outcome.anchorsDropped {
                            try db.execute(sql: "DELETE FROM anchors WHERE type = ?", arguments: [type])
                        }
                    }
                }
            }
            if open {
                try notePending(writer, db)
                try db.commit()
            }
            return writer.outcome
        } catch {
            if open { try? db.rollback() }
            throw error
        }
    }
}
