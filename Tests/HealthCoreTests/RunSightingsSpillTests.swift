import HealthExport
import Testing

@testable import HealthCore

/// Sightings past their memory limit go to a temporary file: the answers must not change.
@Suite struct RunSightingsSpillTests {
    static func id(_ n: Int) -> RecordID { RecordID(name: "record \(n)") }

    /// 5,000 reads of 4,000 IDs of one type, some read twice (as new, or behind the anchor),
    /// and 300 of another type, handed over in uneven batches as the stream does.
    static func sightings(memoryLimit: Int) throws -> RunSightings {
        var sightings = RunSightings(memoryLimit: memoryLimit)
        var batch: [UInt64] = []
        for n in 0..<5_000 {
            let id = Self.id(n < 4_000 ? n : (n * 7) % 4_000)
            batch.append(RunSightings.key(id, isNew: n % 3 != 0))
            if batch.count == 1 + n % 97 {
                sightings.add(type: "A", keys: batch)
                batch.removeAll()
            }
        }
        sightings.add(type: "A", keys: batch)
        sightings.add(type: "B", keys: (10_000..<10_300).map { RunSightings.key(Self.id($0), isNew: true) })
        try sightings.finish()
        return sightings
    }

    @Test("Past the memory limit, keys go to a temporary file and give the same repeats and answers")
    func spilledSightingsAnswerAlike() throws {
        let inMemory = try Self.sightings(memoryLimit: RunSightings.defaultMemoryLimit)
        let spilled = try Self.sightings(memoryLimit: 64)
        #expect(!inMemory.spilled)
        #expect(spilled.spilled)
        #expect(spilled.repeats == inMemory.repeats)
        #expect(inMemory.repeats["A"]?.total == 1_000)
        #expect(spilled.sawAny("A") && spilled.sawAny("B") && !spilled.sawAny("C"))
        for n in stride(from: 0, to: 10_400, by: 13) {
            let id = Self.id(n)
            #expect(try spilled.contains(id, type: "A") == inMemory.contains(id, type: "A"), "record \(n)")
            #expect(try spilled.contains(id, type: "B") == (n >= 10_000 && n < 10_300), "record \(n)")
        }
    }

    @Test("The finder marks and restores the same records from spilled sightings as from memory")
    func finderWithSpilledSightings() throws {
        let read = (0..<3_000).filter { $0 % 20 != 3 }.map(Self.id)
        let stored = (0..<3_000).map {
            StoredRecord(id: Self.id($0), start: Int64($0), isMarkedDeleted: $0 % 500 == 5, place: $0 % 4)
        }
        func findings(memoryLimit: Int) throws -> DeletionFindings {
            let sightings = try RunSightings.collecting(type: "T", ids: read, memoryLimit: memoryLimit)
            let plan = DeletionPlan(
                ranges: ["T": (nil, 10_000)], sightings: sightings, acceptDeletions: false, importID: 7)
            return try DeletionFinder.find(plan) { _, _, _, visit in for record in stored { try visit(record) } }
        }
        let inMemory = try findings(memoryLimit: RunSightings.defaultMemoryLimit)
        let spilled = try findings(memoryLimit: 100)
        let deleted = (0..<3_000).filter { $0 % 20 == 3 }.map(Int64.init)
        #expect(inMemory.deletions["T"]?.map(\.start) == deleted)
        #expect(spilled.deletions["T"]?.map(\.start).sorted() == deleted)
        #expect(spilled.deletions["T"]?.map(\.place).sorted() == inMemory.deletions["T"]?.map(\.place).sorted())
        #expect(spilled.restorations["T"]?.map(\.start).sorted() == [5, 505, 1_005, 1_505, 2_005, 2_505])
        #expect(spilled.touched.ranges["T"] == inMemory.touched.ranges["T"])
    }
}
