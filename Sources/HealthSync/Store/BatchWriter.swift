import Foundation
import GRDB

/// The writing thread of an import: takes record batches from a bounded queue and inserts them,
/// committing one transaction every ``rowsPerTransaction`` records or ``secondsPerTransaction``.
///
/// The last transaction also runs the `finish` closure the parsing side hands over (anchors and
/// the import's row), so rows and anchors of a completed run land together. An error stops the
/// thread: the open transaction rolls back, everything committed before it stays.
final class BatchWriter: @unchecked Sendable {
    typealias Finish = @Sendable (Database, _ duplicates: [String: Int]) throws -> Void

    let rowsPerTransaction: Int
    let secondsPerTransaction: Double
    /// Taken by the thread when it starts, so the thread holds no reference to the store once
    /// ``wait()`` returns: the caller's release then closes the connection at once, before it
    /// opens the store again.
    private var store: HealthStore?
    private let batches: BoundedQueue<[IdentifiedRecord]>
    private let state = NSCondition()
    private var finish: Finish?
    private var failure: (any Error)?
    private var done = false
    /// Records skipped by `INSERT OR IGNORE`, by type; valid once ``wait()`` returned.
    private(set) var duplicates: [String: Int] = [:]

    init(store: HealthStore, queueCapacity: Int = 4, rowsPerTransaction: Int = 50_000, secondsPerTransaction: Double = 1) {
        self.store = store
        batches = BoundedQueue(capacity: queueCapacity)
        self.rowsPerTransaction = rowsPerTransaction
        self.secondsPerTransaction = secondsPerTransaction
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in self.main() }
        thread.name = "healthimport-writer"
        thread.start()
    }

    /// Queues a batch; throws the writer's error once it has failed, so parsing stops early.
    func push(_ batch: [IdentifiedRecord]) throws {
        if let failure = currentFailure { throw failure }
        guard !batch.isEmpty else { return }
        batches.push(batch)
    }

    private var currentFailure: (any Error)? {
        state.lock()
        defer { state.unlock() }
        return failure
    }

    /// Ends the queue: the writer drains it, runs `finish` in the last transaction and commits.
    func close(finish: Finish?) {
        state.lock()
        self.finish = finish
        state.unlock()
        batches.close()
    }

    /// Waits for the thread to end and rethrows its error.
    func wait() throws {
        state.lock()
        while !done { state.wait() }
        let failure = self.failure
        state.unlock()
        if let failure { throw failure }
    }

    private func main() {
        let error = writeAll()
        state.lock()
        failure = error
        done = true
        state.broadcast()
        state.unlock()
    }

    /// Runs the writing loop; returns its error.
    private func writeAll() -> (any Error)? {
        guard let store else { return nil }
        self.store = nil
        do {
            try store.queue.writeWithoutTransaction { db in try self.loop(db) }
            return nil
        } catch {
            batches.close(discarding: true)
            return StoreError.from(error, path: store.path)
        }
    }

    private func loop(_ db: Database) throws {
        let writer = RecordWriter(db)
        let clock = ContinuousClock()
        var open = false
        var rows = 0
        var began = clock.now
        do {
            while let batch = batches.pop() {
                if !open {
                    try db.beginTransaction(.immediate)
                    open = true
                    rows = 0
                    began = clock.now
                }
                try writer.write(batch)
                rows += batch.count
                if rows >= rowsPerTransaction || clock.now - began >= .seconds(secondsPerTransaction) {
                    try db.commit()
                    open = false
                }
            }
            duplicates = writer.duplicates
            state.lock()
            let finish = self.finish
            state.unlock()
            if let finish {
                if !open { try db.beginTransaction(.immediate) }
                open = true
                try finish(db, writer.duplicates)
            }
            if open { try db.commit() }
        } catch {
            if open { try? db.rollback() }
            throw error
        }
    }
}
