import Foundation

/// A bounded hand-over queue between two threads: record batches from the parsing thread to
/// the consuming one, and from there to the store's writer.
///
/// ``push(_:)`` blocks while the queue is full, so memory stays bounded however far the
/// producer runs ahead; ``pop()`` blocks while it is empty and returns `nil` once ``close(discarding:)``
/// was called and everything was taken. A taken item is released at once.
///
/// `@unchecked Sendable`: every stored property is read and written only with the condition's
/// lock held.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private let capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds an item, waiting for room; returns `false` (dropping it) when the queue was closed.
    @discardableResult
    package func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, or `nil` once closed and drained.
    package func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// The next item if one is queued, without waiting; `nil` otherwise.
    package func popIfQueued() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// No more items will come; with `discarding`, also drops what is queued.
    package func close(discarding: Bool = false) {
        condition.lock()
        closed = true
        if discarding { items.removeAll() }
        condition.broadcast()
        condition.unlock()
    }
}
