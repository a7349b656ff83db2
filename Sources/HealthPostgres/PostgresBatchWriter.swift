#if PostgreSQL
import HealthCore
import HealthExport
import HealthStatistics
import PostgresNIO

/// The writing side of an import into the PostgreSQL store: a thread of its own takes record
/// batches from a bounded queue and writes them over a connection of its own, through the
/// transaction loop both stores share (`ImportTransactions`). When the thread ends the store
/// gives back the person's import lock.
enum PostgresBatchWriter {
    /// Opens the writer's own connection and starts its thread for run `importID`, committing
    /// as `policy` says.
    static func start(store: PostgresStore, importID: Int64, policy: ImportTransactions.Policy) throws -> BatchQueue {
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
                // A run that commits as it goes computes its statistics beside the writer, from committed rows.
                let clocks = policy.allOrNothing ? nil : ClockMetadataLog()
                let transaction = PostgresImportTransaction(
                    store: store, connection: connection, importID: importID, clocks: clocks)
                defer { transaction.finish() }
                let outcome = try ImportTransactions.run(
                    transaction, items: items, policy: policy,
                    statistics: clocks.map { ConcurrentStatistics(store: store, clocks: $0) })
                // The run is committed: without new figures the planner is only slower.
                _ = try? Blocking.run(watching: connection, url: url) {
                    try await store.analyzeGrownTables(on: connection)
                }
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
}

/// The PostgreSQL store's side of an import's transaction loop, on the writer's connection.
final class PostgresImportTransaction: ImportTransaction {
    private let store: PostgresStore
    private let connection: PostgresConnection
    private let importID: Int64
    private let writer: Handover<PostgresRecordWriter>
    /// Where the batches' writes run, so that the next batch is bound meanwhile; every other
    /// step waits for them first.
    private let jobs: ConnectionJobs
    /// Records gathered for one write, up to ``PostgresBatchWriter/rowsPerWrite``: every
    /// statement is a round trip to the server, between threads and processes, which costs far
    /// more than a row when the machine is busy.
    private var pending: [IdentifiedRecord] = []
    /// The values the pending records hold (beats, points, ...): a run of heavy records is
    /// written sooner, so that it does not take megabytes while it gathers.
    private var pendingWeight = 0
    /// What the deletion check found, beside the writer's own findings.
    private var found = StoreOutcome()
    /// The clock metadata the writer notes, for the statistics computed beside it.
    private let clocks: ClockMetadataLog?

    init(store: PostgresStore, connection: PostgresConnection, importID: Int64, clocks: ClockMetadataLog?) {
        self.store = store
        self.connection = connection
        self.importID = importID
        self.clocks = clocks
        writer = Handover(
            PostgresRecordWriter(
                connection: connection, person: store.person, logger: PostgresStore.logger, clocks: clocks))
        jobs = ConnectionJobs(connection: connection, url: store.url)
        pending.reserveCapacity(PostgresBatchWriter.rowsPerWrite + 4_096)
    }

    /// Lets the last write end and stops its thread.
    func finish() { jobs.finish() }

    var outcome: StoreOutcome {
        jobs.settle()
        var outcome = writer.value.outcome
        outcome.deleted = found.deleted
        outcome.restored = found.restored
        outcome.touched.formUnion(found.touched)
        outcome.anchorsDropped = found.anchorsDropped
        return outcome
    }

    var statisticsWriting: any StatisticsWriting {
        PostgresStatisticsWriting(
            store: store, connection: connection, jobs: jobs, clocks: clocks ?? ClockMetadataLog())
    }

    func begin() throws {
        try jobs.wait()
        try run("BEGIN")
    }

    func commit() throws {
        try jobs.wait()
        try run("COMMIT")
    }

    func rollback() throws {
        // What a write still running did goes with the transaction, its failure too.
        try? jobs.wait()
        try run("ROLLBACK")
    }

    private func run(_ sql: String) throws {
        let (store, connection) = (store, connection)
        try Blocking.run(watching: connection, url: store.url) { try await store.query(unsafeSQL: sql, on: connection) }
    }

    func write(_ batch: [IdentifiedRecord]) throws {
        pending.append(contentsOf: batch)
        for item in batch { pendingWeight += item.record.batchWeight }
        let rowsPerWrite = PostgresBatchWriter.rowsPerWrite
        if pending.count >= rowsPerWrite || pendingWeight >= rowsPerWrite * 4 { try flush() }
    }

    /// Binds the pending records' rows and starts their write, once the write before has ended.
    private func flush() throws {
        guard !pending.isEmpty else { return }
        let (prepared, writer) = (Handover(writer.value.prepare(pending)), writer)
        pending.removeAll(keepingCapacity: true)
        pendingWeight = 0
        try jobs.start { try await writer.value.write(prepared.value) }
    }

    /// Writes the pending records and waits for every write to end.
    private func finishWrites() throws {
        try flush()
        try jobs.wait()
    }

    func notePending() throws -> TouchedDays {
        try finishWrites()
        let (store, connection) = (store, connection)
        let days = writer.value.statisticsDays
        guard !days.isEmpty else { return days }
        try Blocking.run(watching: connection, url: store.url) {
            try await PostgresStatistics.notePending(days, store: store, on: connection)
        }
        writer.value.statisticsDays.removeAll()
        return days
    }

    func forgetRolledBack() {
        jobs.settle()
        pending.removeAll()
        pendingWeight = 0
        writer.value.statisticsDays.removeAll()
    }

    func applyDeletions(_ plan: DeletionPlan) throws {
        try finishWrites()
        let findings = try PostgresDeletionScan.run(plan, addedByRun: writer.value.added, store: store, on: connection)
        for (type, records) in findings.deletions { found.deleted[type] = records.count }
        for (type, records) in findings.restorations { found.restored[type] = records.count }
        found.touched.formUnion(findings.touched)
        found.anchorsDropped = findings.implausible
        for (type, records) in findings.deletions.merging(findings.restorations, uniquingKeysWith: +) {
            for record in records { writer.value.statisticsDays.noteAround(type: type, start: record.start) }
        }
    }

    func refreshPendingStatistics() throws {
        try jobs.wait()
        try PostgresStatistics.refreshPending(store: store, on: connection)
    }

    func closeLog(_ closing: ImportClosing, outcome: StoreOutcome) throws {
        try jobs.wait()
        let (store, connection, importID) = (store, connection, importID)
        try Blocking.run(watching: connection, url: store.url) {
            try await PostgresStore.close(store, on: connection, id: importID, closing, outcome: outcome)
        }
    }
}
#endif
