import HealthExport
import HealthFixtures
import Testing

@testable import HealthCore

@Suite struct AnchorPolicyTests {
    let id = RecordID(name: "a")
    let other = RecordID(name: "b")
    let anchor = Anchor(type: "T", newestCreation: 1_000, boundary: [RecordID(name: "a")], coveredStart: 500)

    func decide(_ anchor: Anchor?, start: Int64, creation: Int64, id: RecordID, runStart: Int64? = 600)
        -> RecordDecision
    {
        AnchorPolicy.decide(
            anchor: anchor, start: start, creation: creation, id: id, runStart: runStart, runTakesAll: runStart == nil)
    }

    @Test("Without an anchor a type takes its window")
    func unanchored() {
        #expect(decide(nil, start: 700, creation: 700, id: id) == .new)
        #expect(decide(nil, start: 100, creation: 2_000, id: id) == .outsideWindow)
    }

    @Test("Records behind the frontier and inside the covered window are already imported")
    func behindFrontier() {
        #expect(decide(anchor, start: 800, creation: 900, id: other) == .alreadyImported)
    }

    @Test("A late arrival with an old start but a newer creation date is new")
    func lateArrival() {
        #expect(decide(anchor, start: 10, creation: 1_001, id: other) == .new)
    }

    @Test("Ties at the frontier are settled by the boundary's IDs")
    func ties() {
        #expect(decide(anchor, start: 800, creation: 1_000, id: id) == .alreadyImported)
        #expect(decide(anchor, start: 800, creation: 1_000, id: other) == .new)
    }

    @Test("Older than the covered window: new in a backfill, else outside the window")
    func backfill() {
        #expect(decide(anchor, start: 100, creation: 900, id: other, runStart: nil) == .new)
        #expect(decide(anchor, start: 100, creation: 900, id: other, runStart: 600) == .outsideWindow)
        #expect(decide(anchor, start: 450, creation: 900, id: other, runStart: 400) == .new)
    }

    @Test("The frontier moves forward, the coverage back only for a window the user asked for")
    func advancing() {
        let record = HealthRecord.quantity(
            QuantitySample(
                header: SampleHeader(
                    type: "T", sourceName: "s",
                    creationDate: ExportTimestamp(secondsSince1970: 2_000, offsetMinutes: 0),
                    startDate: ExportTimestamp(secondsSince1970: 1_500, offsetMinutes: 0),
                    endDate: ExportTimestamp(secondsSince1970: 1_500, offsetMinutes: 0)), value: 1, unit: "count"))
        for (window, given, covered) in [(ImportWindow.standard, false, Int64?(500)), (.all, true, nil)] {
            let policy = AnchorPolicy(anchors: ["T": anchor], window: window, windowGiven: given)
            policy.prepare(
                facts: ExportFacts(exportDate: ExportTimestamp(secondsSince1970: 3_000_000, offsetMinutes: 0)))
            #expect(policy.decide(record, id: other) == .new)
            let advanced = policy.advancedAnchors(updated: nil)
            #expect(advanced.count == 1)
            #expect(advanced.first?.newestCreation == 2_000)
            #expect(advanced.first?.boundary == [other])
            #expect(advanced.first?.coveredStart == covered)
        }
    }
}
