#if PostgreSQL
import HealthExport
import Testing

@testable import HealthServer

@Suite("The import slots of one server")
struct ImportSlotsTests {
    /// Waits until `count` tasks wait for a slot.
    static func waitForWaiting(_ slots: ImportSlots, _ count: Int) async throws {
        while slots.counts.waiting < count { try await Task.sleep(for: .milliseconds(1)) }
    }

    @Test("Waiting imports take the slots first come, first served, never more than the limit at once")
    func firstComeFirstServed() async throws {
        let slots = ImportSlots(limit: 1)
        let order = Locked<[String]>([])
        let overlap = Locked((now: 0, most: 0))
        try await slots.acquire()
        var waiters: [Task<Void, any Error>] = []
        for name in ["a", "b", "c"] {
            waiters.append(
                Task {
                    try await slots.withSlot {
                        overlap.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        order.withLock { $0.append(name) }
                        try await Task.sleep(for: .milliseconds(5))
                        overlap.withLock { $0.now -= 1 }
                    }
                })
            try await Self.waitForWaiting(slots, waiters.count)
        }
        #expect(order.load().isEmpty)
        slots.release()
        for waiter in waiters { try await waiter.value }
        #expect(order.load() == ["a", "b", "c"])
        #expect(overlap.load().most == 1)
        #expect(slots.counts.running == 0 && slots.counts.waiting == 0)
    }

    @Test("Past maxWaiting waiting imports, a request for a slot is refused at once, and admitted again once one frees")
    func boundedQueue() async throws {
        let slots = ImportSlots(limit: 1)
        try await slots.acquire(maxWaiting: 1)
        #expect(slots.admits(maxWaiting: 1))
        let waiter = Task { try await slots.acquire(maxWaiting: 1) }
        try await Self.waitForWaiting(slots, 1)
        #expect(!slots.admits(maxWaiting: 1))
        let error = await #expect(throws: ServerFailure.self) { try await slots.acquire(maxWaiting: 1) }
        #expect(error?.status == .serviceUnavailable)
        #expect(slots.counts.running == 1 && slots.counts.waiting == 1)
        slots.release()
        try await waiter.value
        #expect(slots.counts.running == 1 && slots.counts.waiting == 0)
        #expect(slots.admits(maxWaiting: 1))
        // Without a bound, any number wait.
        let unbounded = (0..<3).map { _ in Task { try await slots.acquire() } }
        try await Self.waitForWaiting(slots, 3)
        for _ in 0..<4 { slots.release() }
        for task in unbounded { try await task.value }
        #expect(slots.counts.running == 0 && slots.counts.waiting == 0)
    }

    @Test("A cancelled wait leaves the queue and takes no slot")
    func cancelledWait() async throws {
        let slots = ImportSlots(limit: 1)
        try await slots.acquire()
        let waiter = Task { try await slots.acquire() }
        try await Self.waitForWaiting(slots, 1)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(slots.counts.running == 1 && slots.counts.waiting == 0)
        slots.release()
        #expect(slots.counts.running == 0)
        try await slots.withSlot { #expect(slots.counts.running == 1) }
    }
}
#endif
