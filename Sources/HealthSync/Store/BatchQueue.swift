import Foundation

/// A bounded queue of record batches between the parsing thread and the writing thread.
///
/// ``push(_:)`` blocks while the queue is full, so memory stays bounded whatever the export's
/// size; ``pop()`` blocks while it is empty and returns `nil` once ``close()`` was called and
/// everything was taken.
final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [[IdentifiedRecord]] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a batch, waiting for room; drops it when the queue was closed (the writer failed).
    func push(_ batch: [IdentifiedRecord]) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return }
        items.append(batch)
        condition.broadcast()
    }

    /// The next batch, or `nil` once closed and drained.
    func pop() -> [IdentifiedRecord]? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let batch = items.removeFirst()
        condition.broadcast()
        return batch
    }

    /// No more batches will come; with `discarding`, also drops what is queued.
    func close(discarding: Bool = false) {
        condition.lock()
        closed = true
        if discarding { items.removeAll() }
        condition.broadcast()
        condition.unlock()
    }
}
