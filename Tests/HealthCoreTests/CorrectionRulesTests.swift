import HealthCore
import HealthExport
import HealthFixtures
import Testing

/// The store-independent rules of corrections: sync versions, the deletion rule, repeats,
/// the invertible table of IDs and content digests.
@Suite struct CorrectionRulesTests {
    static func id(_ n: Int) -> RecordID { RecordID(name: "record \(n)") }

    @Test("A higher or equal sync version replaces the stored record, a lower one never does")
    func syncVersions() {
        let stored = (id: Self.id(1), version: 2.0)
        #expect(CorrectionRules.sync(incoming: Self.id(2), version: 0, stored: nil) == .insert)
        #expect(CorrectionRules.sync(incoming: Self.id(2), version: 3, stored: stored) == .replace(Self.id(1)))
        #expect(CorrectionRules.sync(incoming: Self.id(2), version: 2, stored: stored) == .replace(Self.id(1)))
        #expect(CorrectionRules.sync(incoming: Self.id(2), version: 1, stored: stored) == .keepStored)
        #expect(CorrectionRules.sync(incoming: Self.id(1), version: 2, stored: stored) == .sameRecord)
        #expect(CorrectionRules.sync(incoming: Self.id(1), version: 5, stored: stored) == .sameRecordNewerVersion)
    }

    @Test("Deletions pass when at most 100, or at most 10 % of the stored records")
    func deletionRule() {
        #expect(CorrectionRules.deletionsPlausible(100, of: 100))
        #expect(CorrectionRules.deletionsPlausible(150, of: 1_500))
        #expect(!CorrectionRules.deletionsPlausible(151, of: 1_500))
        #expect(!CorrectionRules.deletionsPlausible(101, of: 101))
    }

    @Test("The finder marks stored records the run did not read, restores marked ones it read, and refuses too many")
    func finder() throws {
        let read = (0..<1_000).filter { $0 % 10 != 3 }.map(Self.id)
        let sightings = try RunSightings.collecting(type: "T", ids: read)
        let stored = (0..<1_000).map {
            StoredRecord(id: Self.id($0), start: Int64($0), isMarkedDeleted: $0 == 5, place: 0)
        }
        let plan = DeletionPlan(ranges: ["T": (nil, 10_000)], sightings: sightings, acceptDeletions: false, importID: 7)
        let findings = try DeletionFinder.find(plan) { _, _, _, visit in for record in stored { try visit(record) } }
        #expect(findings.deletions["T"]?.map(\.start) == (0..<1_000).filter { $0 % 10 == 3 }.map(Int64.init))
        #expect(findings.restorations["T"]?.map(\.start) == [5])
        #expect(findings.touched.ranges["T"] == 3...993)

        let few = try RunSightings.collecting(type: "T", ids: Array((0..<1_000).map(Self.id).prefix(800)))
        let refused = DeletionPlan(ranges: ["T": (nil, 10_000)], sightings: few, acceptDeletions: false, importID: 7)
        #expect(throws: DeletionsRefused.self) {
            try DeletionFinder.find(refused) { _, _, _, visit in for record in stored { try visit(record) } }
        }
        var accepted = refused
        accepted.acceptDeletions = true
        let taken = try DeletionFinder.find(accepted) { _, _, _, visit in for record in stored { try visit(record) } }
        #expect(taken.deletions["T"]?.count == 200)
        #expect(taken.implausible == ["T"])
    }

    @Test("Repeats: one export's elements sharing a UUID are counted once each after the first")
    func repeats() throws {
        let record = """
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" creationDate="2024-05-31 10:00:05 +0200" startDate="2024-05-31 10:00:00 +0200" endDate="2024-05-31 10:00:00 +0200" value="61"/>
            """
        let other = record.replacingOccurrences(of: "10:00:00", with: "10:01:00")
        let (records, report) = try stream(minimalExport([record, record, other, record].joined(separator: "\n")))
        #expect(records.count == 5)  // the export's own record, then every element
        let counts = try #require(report.counts["HKQuantityTypeIdentifierHeartRate"])
        #expect(counts.new == 2)
        #expect(counts.repeated == 2)
        #expect(counts.read == 4)
    }

    @Test("The invertible table lists a small difference in both directions, and says when it cannot")
    func idDifference() throws {
        var earlier = IDDifference(cells: 96)
        var later = IDDifference(cells: 96)
        for n in 0..<5_000 {
            if n % 100 != 0 { later.insert(Self.id(n), start: Int64(n)) }
            earlier.insert(Self.id(n), start: Int64(n))
        }
        later.insert(Self.id(9_999), start: 9_999)
        let difference = try #require(earlier.difference(later))
        #expect(Set(difference.onlyHere.map(\.1)) == Set(stride(from: 0, to: 5_000, by: 100).map(Int64.init)))
        #expect(difference.onlyHere.allSatisfy { $0.0 == Self.id(Int($0.1)) })
        #expect(difference.onlyThere.map(\.1) == [9_999])

        var sparse = IDDifference(cells: 96)
        for n in 0..<1_000 where n % 5 != 0 { sparse.insert(Self.id(n), start: Int64(n)) }
        var full = IDDifference(cells: 96)
        for n in 0..<1_000 { full.insert(Self.id(n), start: Int64(n)) }
        #expect(full.difference(sparse) == nil, "200 differences in 96 cells cannot be listed")
    }

    @Test("A workout's digest is the same in another time zone and unit, and changes with its content")
    func digests() throws {
        func workout(_ offset: String, _ distance: String, _ unit: String) -> String {
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" creationDate="2024-05-30 08:31:00 \(offset)" startDate="2024-05-30 08:00:00 \(offset)" endDate="2024-05-30 08:30:00 \(offset)">
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-05-30 08:00:00 \(offset)" endDate="2024-05-30 08:30:00 \(offset)" sum="\(distance)" unit="\(unit)"/>
             </Workout>
            """
        }
        func digest(_ xml: String) throws -> UInt64 {
            let record = try #require(try stream(minimalExport(xml)).records.last?.record)
            return ContentDigest.of(record)
        }
        let home = try digest(workout("+0200", "5", "km"))
        let away = try digest(workout("+0900", "3.10686", "mi").replacingOccurrences(of: "08:", with: "15:"))
        #expect(home == away)
        #expect(try digest(workout("+0200", "5.2", "km")) != home)
    }
}
