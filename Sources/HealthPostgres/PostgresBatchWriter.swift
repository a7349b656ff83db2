import HealthCore
import HealthExport
import HealthStatistics
import PostgresNIO

/// The writing side of an import into the PostgreSQL store: a thread of its own takes record
/// batches from a bounded queue and writes them over a connection of its own, committing one
/// transaction every ``rowsPerTransaction`` records or ``secondsPerTransaction``.
///
/// The last transaction also applies the run's `ImportClosing` (anchors and the run's row in
/// `imports`), so rows and anchors of a completed run land together. An error stops the thread:
/// the open transaction rolls back, everything committed before it stays. When the thread ends
/// the store gives back the person's import lock.
enum PostgresBatchWriter {
    /// Opens the writer's own connection and starts its thread for run `importID`.
    static func start(
        store: PostgresStore, importID: Int64, rowsPerTransaction: Int, secondsPerTransaction: Double,
        commitAtEnd: Bool = false
    ) throws -> BatchQueue {
        let url = store.url
        let connection = try Blocking.run { try await PostgresStore.makeConnection(url) }
        let handed = Handover((store, connection))
        // The queue holds more than one write's worth of batches, so the read goes on while the
        // server stores a write: with less, it stops each time, and server and reader take turns.
        return BatchQueue(name: "postgres-writer", capacity: queuedBatches) { items in
            let (store, connection) = handed.value
            defer {
                _ = try? Blocking.run {
                    try? await connection.close()
                    try await store.releaseImportLock()
                }
            }
            // (A connection whose opening thread failed is closed above, whatever happened.)
            do {
                let outcome = try Self.loop(
                    store: store, connection: connection, items: items, importID: importID,
                    rowsPerTransaction: rowsPerTransaction, secondsPerTransaction: secondsPerTransaction,
                    commitAtEnd: commitAtEnd)
                return .success(outcome)
            } catch let refused as DeletionsRefused {
                return .failure(refused)
            } catch {
                return .failure(StoreError.postgres(error, url: store.url))
            }
        }
    }

    /// Records written at once (a few statements per table).
    static let rowsPerWrite = 16_384
    /// Batches queued for the writer (the importer's batches are of 2,048 records).
    static let queuedBatches = 10

    private static func loop(
        store: PostgresStore, connection: PostgresConnection, items: BoundedQueue<BatchItem>, importID: Int64,
        rowsPerTransaction: Int, secondsPerTransaction: Double, commitAtEnd: Bool
    ) throws -> StoreOutcome {
        let writer = Handover(
            PostgresRecordWriter(connection: connection, person: store.person, logger: PostgresStore.logger))
        let clock = ContinuousClock()
        var open = false
        var rows = 0
        var began = clock.now
        let rowsPerWrite = Self.rowsPerWrite
        // Batches gather up to `rowsPerWrite` records before they are written: every statement
        // is a round trip to the server, between threads and processes, which costs far more
        // than a row when the machine is busy.
        var pending: [IdentifiedRecord] = []
        // The values the pending records hold (beats, points, ...): a run of heavy records is
        // written sooner, so that it does not take megabytes while it gathers.
        var pendingWeight = 0
        // What the deletion scan found, beside the writer's own findings.
        var found = StoreOutcome()
        func merged(_ written: StoreOutcome, _ found: StoreOutcome) -> StoreOutcome {
            var outcome = written
            outcome.deleted = found.deleted
            outcome.restored = found.restored
            outcome.touched.formUnion(found.touched)
            outcome.anchorsDropped = found.anchorsDropped
            return outcome
        }
        pending.reserveCapacity(rowsPerWrite + 4_096)
        func flush() throws {
            guard !pending.isEmpty else { return }
            let records = pending
            try Blocking.run(watching: connection, url: store.url) { try await writer.value.write(records) }
            pending.removeAll(keepingCapacity: true)
            pendingWeight = 0
        }
        // The days the rows written so far touched go to `statistics_pending` in the transaction
        // that writes them, so that an interrupted run leaves them for the next run.
        @discardableResult
        func notePending() throws -> TouchedDays {
            let days = writer.value.statisticsDays
            guard !days.isEmpty else { return days }
            try Blocking.run(watching: connection, url: store.url) {
                try await PostgresStatistics.notePending(days, store: store, on: connection)
            }
            writer.value.statisticsDays.removeAll()
            return days
        }
        func commit() throws {
            try Blocking.run(watching: connection, url: store.url) { try await store.query("COMMIT", on: connection) }
        }
        // A run that commits as it goes computes its statistics beside the writer, from committed rows.
        let statistics = store.allOrNothing || commitAtEnd ? nil : ConcurrentStatistics(store: store)
        defer { statistics?.cancel() }
        let statisticsWriting = PostgresStatisticsWriting(store: store, connection: connection)
        var currentType: String?
        do {
            while let item = items.pop() {
                // The deletion scan runs at the end, in the run's transaction.
                if case .prepareDeletions = item { continue }
                if !open {
                    try Blocking.run(watching: connection, url: store.url) {
                        try await store.query("BEGIN", on: connection)
                    }
                    open = true
                    rows = 0
                    began = clock.now
                }
                switch item {
                case .prepareDeletions:
                    break
                case .batch(let batch):
                    pending.append(contentsOf: batch)
                    for item in batch { pendingWeight += item.record.batchWeight }
                    if pending.count >= rowsPerWrite || pendingWeight >= rowsPerWrite * 4 { try flush() }
                    rows += batch.count
                    var typeEnded = false
                    if let statistics {
                        let type = batch.last?.record.type ?? currentType
                        typeEnded = currentType != nil && type != currentType
                        currentType = type
                        try statistics.writeComputed(statisticsWriting)
                    }
                    if rows >= rowsPerTransaction || (typeEnded && rows >= ConcurrentStatistics.rowsBeforeTypeEndCommit)
                        || (secondsPerTransaction < 1e9 && clock.now - began >= .seconds(secondsPerTransaction))
                    {
                        try flush()
                        let touched = try notePending()
                        try commit()
                        open = false
                        statistics?.committed(touched, current: currentType)
                    }
                case .close(let closing):
                    if store.allOrNothing || commitAtEnd, closing.outcome != .completed {
                        pending.removeAll()
                        writer.value.statisticsDays.removeAll()
                        // Nothing of a run that failed stays: only its entry in the log.
                        try Blocking.run(watching: connection, url: store.url) {
                            try await store.query("ROLLBACK", on: connection)
                            try await store.query("BEGIN", on: connection)
                        }
                    }
                    try flush()
                    if closing.outcome == .completed, let plan = closing.deletions {
                        let findings = try PostgresDeletionScan.run(
                            plan, addedByRun: writer.value.added, store: store, on: connection)
                        for (type, records) in findings.deletions { found.deleted[type] = records.count }
                        for (type, records) in findings.restorations { found.restored[type] = records.count }
                        found.touched.formUnion(findings.touched)
                        found.anchorsDropped = findings.implausible
                        for (type, records) in findings.deletions.merging(findings.restorations, uniquingKeysWith: +) {
                            for record in records {
                                writer.value.statisticsDays.noteAround(type: type, start: record.start)
                            }
                        }
                    }
                    // The statistics change in the transaction that completes the run.
                    let touched = try notePending()
                    if closing.outcome == .completed {
                        if let statistics {
                            // The last rows are committed first, for the worker to read them.
                            try commit()
                            statistics.committed(touched, current: nil)
                            try Blocking.run(watching: connection, url: store.url) {
                                try await store.query("BEGIN", on: connection)
                            }
                            try statistics.finish(statisticsWriting)
                        } else {
                            try PostgresStatistics.refreshPending(store: store, on: connection)
                        }
                    }
                    let outcome = merged(writer.value.outcome, found)
                    try Blocking.run(watching: connection, url: store.url) {
                        try await PostgresStore.close(
                            store, on: connection, id: importID, closing, outcome: outcome)
                    }
                }
            }
            if open {
                try flush()
                try notePending()
                try commit()
            }
            return merged(writer.value.outcome, found)
        } catch {
            if open {
                _ = try? Blocking.run(watching: connection, url: store.url) {
                    try await store.query("ROLLBACK", on: connection)
                }
            }
            throw error
        }
    }
}
