#if PostgreSQL
import Foundation
import HealthExport
import Testing

@testable import HealthPostgres

/// `Deadline.run`, which bounds every connect and every wait for a pooled connection.
@Suite("Waits with a deadline")
struct DeadlineTests {
    @Test("Work that ends in time gives its value; the late hook is not called")
    func inTime() async throws {
        let late = Locked<[Int]>([])
        // A deadline no busy test run reaches: the work runs on the shared pool.
        let value = try await Deadline.run(.seconds(3600), late: { value in late.withLock { $0.append(value) } }) { 7 }
        #expect(value == 7)
        try await Task.sleep(for: .milliseconds(100))
        #expect(late.withLock { $0 } == [])
    }

    /// Work that does not notice cancellation, as a connect under way does not: it ends after
    /// the deadline, without holding a thread of the pool meanwhile.
    static func slowConnect() async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { continuation.resume(returning: 42) }
        }
    }

    @Test("Past the deadline the wait fails, and a value made afterwards goes to the late hook")
    func lateValueIsHandedOver() async throws {
        let late = Locked<[Int]>([])
        await #expect(throws: Deadline.Exceeded.self) {
            try await Deadline.run(.milliseconds(50), late: { value in late.withLock { $0.append(value) } }) {
                await Self.slowConnect()
            }
        }
        for _ in 0..<500 where late.withLock({ $0 }).isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(late.withLock { $0 } == [42], "the late connection must reach the hook that closes it")
    }
}
#endif
