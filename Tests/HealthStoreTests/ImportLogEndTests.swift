import HealthCore
import HealthStoreRows
import Testing

/// What ends a run's row in `imports`, which both stores write as `ImportLogEnd` has it.
@Suite("The end of a run in the import log")
struct ImportLogEndTests {
    private static func anchor(_ type: String) -> Anchor {
        Anchor(type: type, newestCreation: 1_700_000_000, boundary: [], coveredStart: nil)
    }

    @Test("A completed run saves its anchors but those of implausible deletions, and counts the store's findings")
    func completedRun() throws {
        let steps = "HKQuantityTypeIdentifierStepCount"
        let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
        var outcome = StoreOutcome()
        outcome.anchorsDropped = [sleep]
        outcome.deleted = [steps: 2]
        outcome.alreadyStored = [steps: 1]
        let closing = ImportClosing(
            outcome: .completed, anchors: [Self.anchor(steps), Self.anchor(sleep)], facts: nil, windowStart: nil,
            counts: [steps: TypeCounts(new: 5, alreadyImported: 3), sleep: TypeCounts(new: 1)])
        let end = ImportLogEnd(closing, outcome: outcome)
        #expect(end.outcome == .completed)
        #expect(end.anchors.map(\.type) == [steps])
        #expect(end.anchorsDropped == [sleep])
        // One step count the stream took for new the store already had.
        #expect(end.total.new == 5)
        #expect(end.total.alreadyImported == 4)
        #expect(end.total.deleted == 2)
        #expect(end.countsJSON.contains("\"\(steps)\""))
        #expect(!end.countsJSON.contains("\"read\""))
    }

    @Test("A run that did not complete counts nothing and keeps its message")
    func interruptedRun() {
        let closing = ImportClosing(
            outcome: .interrupted, facts: nil, windowStart: nil,
            counts: ["HKQuantityTypeIdentifierStepCount": TypeCounts(new: 5)], message: "stopped")
        let end = ImportLogEnd(closing, outcome: StoreOutcome())
        #expect(end.total.new == 0)
        #expect(end.countsJSON == "{}")
        #expect(end.message == "stopped")
        #expect(end.anchors.isEmpty)
    }
}
