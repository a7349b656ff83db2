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
final class BatchWriter: RecordBatchWriter {
    private enum Item: Sendable {
        case batch([IdentifiedRecord])
        case close(ImportClosing)
    }

    private let items: BoundedQueue<Item>
    private let thread: WorkerThread<Result<[String: Int], any Error>>

    /// Starts the writing thread on `store` for run `importID`.
    init(store: HealthStore, importID: Int64, queueCapacity: Int = 4, rowsPerTransaction: Int, secondsPerTransaction: Double) {
        let items = BoundedQueue<Item>(capacity: queueCapacity)
        // The thread takes the store out of this one-item queue, so it holds no reference to it
        // once it ends: the caller's release then closes the connection at once, before it
        // opens the store again.
        let handedStore = BoundedQueue<HealthStore>(capacity: 1)
        handedStore.push(store)
        handedStore.close()
        self.items = items
        thread = WorkerThread(name: "healthimport-writer") {
            guard let store = handedStore.pop() else { return .success([:]) }
            do {
                let duplicates = try store.queue.writeWithoutTransaction { db in
                    try Self.loop(
                        db, items: items, importID: importID, rowsPerTransaction: rowsPerTransaction,
                        secondsPerTransaction: secondsPerTransaction)
                }
                return .success(duplicates)
            } catch {
                items.close(discarding: true)
                return .failure(StoreError.sqlite(error, path: store.path))
            }
        }
    }

    func push(_ batch: [IdentifiedRecord]) throws {
        guard !batch.isEmpty else { return }
        // The queue refuses only once the writer has failed and closed it.
        guard items.push(.batch(batch)) else {
            _ = try wait()
            throw StoreError(.io, "the store's writer stopped")
        }
    }

    func close(_ closing: ImportClosing) {
        items.push(.close(closing))
        items.close()
    }

    func wait() throws -> [String: Int] {
        try thread.join().get()
    }

    /// Moves the days the rows written so far touched into `statistics_pending`, in the open transaction.
    private static func notePending(_ writer: RecordWriter, _ db: Database) throws {
        try StoreStatistics.notePending(db, writer.touched)
        writer.touched.removeAll()
    }

    /// Writes every batch, then the closing; returns the records the store already had, by type.
    private static func loop(
        _ db: Database, items: BoundedQueue<Item>, importID: Int64, rowsPerTransaction: Int,
        secondsPerTransaction: Double
    ) throws -> [String: Int] {
        let writer = RecordWriter(db)
        let clock = ContinuousClock()
        var open = false
        var rows = 0
        var began = clock.now
        do {
            while let item = items.pop() {
                if !open {
                    try db.beginTransaction(.immediate)
                    open = true
                    rows = 0
                    began = clock.now
                }
                switch item {
                case .batch(let batch):
                    try writer.write(batch)
                    rows += batch.count
                    if rows >= rowsPerTransaction || clock.now - began >= .seconds(secondsPerTransaction) {
                        try notePending(writer, db)
                        try db.commit()
                        open = false
                    }
                case .close(let closing):
                    // The statistics change in the transaction that completes the run; an interrupted run
                    // leaves its days pending for the next run (or `stats`).
                    try notePending(writer, db)
                    if closing.outcome == .completed { try StoreStatistics.refreshPending(db) }
                    try ImportLog.close(db, id: importID, closing, duplicates: writer.duplicates)
                }
            }
            if open {
                try notePending(writer, db)
                try db.commit()
            }
            return writer.duplicates
        } catch {
            if open { try? db.rollback() }
            throw error
        }
    }
}
