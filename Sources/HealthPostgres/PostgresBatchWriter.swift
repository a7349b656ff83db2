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
                let allOrNothing = store.allOrNothing || commitAtEnd
                let outcome = try ImportTransactions.run(
                    PostgresImportTransaction(store: store, connection: connection, importID: importID), items: items,
                    policy: .init(
                        rowsPerTransaction: rowsPerTransaction, secondsPerTransaction: secondsPerTransaction,
                        allOrNothing: allOrNothing),
                    // A run that commits as it goes computes its statistics beside the writer, from committed rows.
                    statistics: allOrNothing ? nil : ConcurrentStatistics(store: store))
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
    /// Records gathered for one write, up to ``PostgresBatchWriter/rowsPerWrite``: every
    /// statement is a round trip to the server, between threads and processes, which costs far
    /// more than a row when the machine is busy.
    private var pending: [IdentifiedRecord] = []
    /// The values the pending records hold (beats, points, ...): a run of heavy records is
    /// written sooner, so that it does not take megabytes while it gathers.
    private var pendingWeight = 0
    /// What the deletion check found, beside the writer's own findings.
    private var found = StoreOutcome()

    init(store: PostgresStore, connection: PostgresConnection, importID: Int64) {
        self.store = store
        self.connection = connection
        self.importID = importID
        writer = Handover(
            PostgresRecordWriter(connection: connection, person: store.person, logger: PostgresStore.logger))
        pending.reserveCapacity(PostgresBatchWriter.rowsPerWrite + 4_096)
    }

    var outcome: StoreOutcome {
        var outcome = writer.value.outcome
        outcome.deleted = found.deleted
        outcome.restored = found.restored
        outcome.touched.formUnion(found.touched)
        outcome.anchorsDropped = found.anchorsDropped
        return outcome
    }

    var statisticsWriting: any StatisticsWriting { PostgresStatisticsWriting(store: store, connection: connection) }

    func begin() throws { try run("BEGIN") }
    func commit() throws { try run("COMMIT") }
    func rollback() throws { try run("ROLLBACK") }

    private func run(_ sql: String) throws {
        let (store, connection) = (store, connection)
        try Blocking.run(watching: connection, url: store.url) { try await store.query(sql, on: connection) }
    }

    func write(_ batch: [IdentifiedRecord]) throws {
        pending.append(contentsOf: batch)
        for item in batch { pendingWeight += item.record.batchWeight }
        let rowsPerWrite = PostgresBatchWriter.rowsPerWrite
        if pending.count >= rowsPerWrite || pendingWeight >= rowsPerWrite * 4 { try flush() }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        let (records, writer) = (pending, writer)
        try Blocking.run(watching: connection, url: store.url) { try await writer.value.write(records) }
        pending.removeAll(keepingCapacity: true)
        pendingWeight = 0
    }

    func notePending() throws -> TouchedDays {
        try flush()
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
        pending.removeAll()
        pendingWeight = 0
        writer.value.statisticsDays.removeAll()
    }

    func applyDeletions(_ plan: DeletionPlan) throws {
        try flush()
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
        try PostgresStatistics.refreshPending(store: store, on: connection)
    }

    func closeLog(_ closing: ImportClosing, outcome: StoreOutcome) throws {
        let (store, connection, importID) = (store, connection, importID)
        try Blocking.run(watching: connection, url: store.url) {
            try await PostgresStore.close(store, on: connection, id: importID, closing, outcome: outcome)
        }
    }
}
#endif
