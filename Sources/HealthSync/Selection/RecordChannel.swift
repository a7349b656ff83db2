import Dispatch
import HealthExport

/// A bounded hand-over of record batches from the reading thread to the consuming one.
///
/// At most `capacity` batches wait at a time, so memory stays flat however far the reader
/// runs ahead; a full channel makes the reader wait.
final class RecordChannel: @unchecked Sendable {
    enum Item {
        case batch([HealthRecord])
        case finished(Result<ReadReport, any Error>)
    }

    private let slots: DispatchSemaphore
    private let items = DispatchSemaphore(value: 0)
    private let lock = DispatchSemaphore(value: 1)
    private var queue: [Item] = []
    private var head = 0
    private var cancelled = false

    init(capacity: Int) {
        // Created at zero and raised: libdispatch traps when a semaphore is freed below its initial value.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<capacity { slots.signal() }
    }

    /// Hands over an item, waiting while the channel is full.
    func send(_ item: Item) {
        slots.wait()
        lock.wait()
        queue.append(item)
        lock.signal()
        items.signal()
    }

    /// Takes the next item, waiting while there is none.
    func receive() -> Item {
        items.wait()
        lock.wait()
        let item = queue[head]
        head += 1
        if head > 64 {
            queue.removeFirst(head)
            head = 0
        }
        lock.signal()
        slots.signal()
        return item
    }

    /// Asks the reading side to stop (the consumer failed).
    func cancel() {
        lock.wait()
        cancelled = true
        lock.signal()
    }

    /// Whether the consumer asked to stop.
    var isCancelled: Bool {
        lock.wait()
        defer { lock.signal() }
        return cancelled
    }
}

/// Thrown on the reading thread once the consumer has stopped.
struct ConsumerStopped: Error {}

/// Carries a non-`Sendable` value to the one thread that uses it next.
struct Handover<Value>: @unchecked Sendable {
    let value: Value
}
