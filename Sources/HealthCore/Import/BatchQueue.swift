import HealthExport

/// What an import's writing thread takes, in order: the ranges of the deletion check (before the
/// first batch, when the run may mark deletions), record batches, then the run's closing.
package enum BatchItem: Sendable {
    case prepareDeletions([String: (from: Int64?, through: Int64)])
    case batch([IdentifiedRecord])
    case close(ImportClosing)
}

/// A store's writing thread as the importer sees it: batches go to the thread through a bounded
/// queue, the closing after them, and the thread's outcome comes back when it is joined. Each
/// store supplies only `write`, the loop that drains the queue into its database.
package final class BatchQueue: RecordBatchWriter {
    private let items: BoundedQueue<BatchItem>
    private let thread: WorkerThread<Result<StoreOutcome, any Error>>
    /// The last batches pushed, one more than the queue holds. The writer never changes a batch,
    /// so when it is done with one this reference is the last, and the batch's records are freed
    /// here, on the pushing thread, when it leaves this list: on the writer's thread (the longer
    /// of an import), freeing them showed in its profile.
    private var lastPushed: [[IdentifiedRecord]] = []
    private let keptBatches: Int

    /// Starts a thread named `name` running `write` over a queue of `capacity` batches. A
    /// failing `write` drops what is queued, so the importer's next `push` stops the read.
    ///
    /// Two batches: the writer is the slower side of an import, and a deeper queue only held
    /// more records at the peak, in the same time.
    package init(
        name: String, capacity: Int = 2,
        write: @escaping @Sendable (BoundedQueue<BatchItem>) -> Result<StoreOutcome, any Error>
    ) {
        let items = BoundedQueue<BatchItem>(capacity: capacity)
        self.items = items
        keptBatches = capacity + 1
        thread = WorkerThread(name: name) {
            let result = write(items)
            if case .failure = result { items.close(discarding: true) }
            return result
        }
    }

    package func push(_ batch: [IdentifiedRecord]) throws {
        guard !batch.isEmpty else { return }
        // The queue refuses only once the writer has failed and closed it.
        guard items.push(.batch(batch)) else {
            _ = try wait()
            throw StoreError(.io, "the store's writer stopped")
        }
        // Once `push` returns, the queue holds at most `capacity` batches and the writer writes
        // the one before them: the batch pushed `capacity + 1` pushes ago is written.
        lastPushed.append(batch)
        if lastPushed.count > keptBatches { lastPushed.removeFirst() }
    }

    package func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)]) {
        items.push(.prepareDeletions(ranges))
    }

    package func close(_ closing: ImportClosing) {
        items.push(.close(closing))
        items.close()
    }

    package func wait() throws -> StoreOutcome {
        defer { lastPushed.removeAll() }
        return try thread.join().get()
    }
}
