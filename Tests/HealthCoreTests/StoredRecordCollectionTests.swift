import HealthExport
import Testing

@testable import HealthCore

/// The store's records collected while the run reads must give the findings of a scan at its end.
@Suite struct StoredRecordCollectionTests {
    static func id(_ n: Int) -> RecordID { RecordID(name: "record \(n)") }

    /// 3,000 stored records of `T` (every 500th from 5 marked deleted) and 40 of `U`, collected
    /// type after type as a store's scan gives them.
    static func collection(memoryLimit: Int) throws -> StoredRecordCollection {
        var collection = StoredRecordCollection(
            ranges: ["T": (nil, 10_000), "U": (100, 10_000), "V": (nil, 10_000)], memoryLimit: memoryLimit)
        for n in 0..<3_000 {
            let record = StoredRecord(id: id(n), start: Int64(n), isMarkedDeleted: n % 500 == 5, place: n % 4)
            try collection.add(record, type: "T")
        }
        for n in 5_000..<5_040 {
            try collection.add(StoredRecord(id: id(n), start: Int64(n), isMarkedDeleted: false, place: 0), type: "U")
        }
        try collection.finishType()
        return collection
    }

    @Test("Records come back per type in key order, held in memory or spilled to the temporary file")
    func recordsInKeyOrder() throws {
        for limit in [10_000, 64] {
            let collection = try Self.collection(memoryLimit: limit)
            var records = try collection.records(of: "T")
            var keys: [UInt64] = []
            while let record = try records.next() { keys.append(RunSightings.key(record.id)) }
            #expect(keys.count == 3_000, "limit \(limit)")
            #expect(keys == keys.sorted(), "limit \(limit)")
            #expect(Set(keys) == Set((0..<3_000).map { RunSightings.key(Self.id($0)) }), "limit \(limit)")
            var others = try collection.records(of: "U")
            var count = 0
            while try others.next() != nil { count += 1 }
            #expect(count == 40, "limit \(limit)")
            var none = try collection.records(of: "V")
            #expect(try none.next() == nil)
        }
    }

    @Test("The finder gives from a collection what it gives from a scan: deletions, restorations, the rule's count")
    func finderFromCollection() throws {
        let read = (0..<3_000).filter { $0 % 20 != 3 }.map(Self.id)
        let stored = (0..<3_000).map {
            StoredRecord(id: Self.id($0), start: Int64($0), isMarkedDeleted: $0 % 500 == 5, place: $0 % 4)
        }
        for (sightingsLimit, collectionLimit) in [(RunSightings.defaultMemoryLimit, 10_000), (100, 64)] {
            let sightings = try RunSightings.collecting(type: "T", ids: read, memoryLimit: sightingsLimit)
            let plan = DeletionPlan(
                ranges: ["T": (nil, 10_000)], sightings: sightings, acceptDeletions: false, importID: 7)
            let scanned = try DeletionFinder.find(plan) { _, _, _, visit in for record in stored { try visit(record) } }
            let collected = try DeletionFinder.find(
                plan, addedByRun: ["T": 2_000], collected: try Self.collection(memoryLimit: collectionLimit)
            ) { _, _, _, _ in Issue.record("a collected type was scanned") }
            #expect(collected.deletions["T"]?.map(\.start).sorted() == scanned.deletions["T"]?.map(\.start).sorted())
            #expect(collected.deletions["T"]?.count == 150)
            #expect(collected.restorations["T"]?.map(\.start).sorted() == [5, 505, 1_005, 1_505, 2_005, 2_505])
            #expect(collected.touched.ranges["T"] == scanned.touched.ranges["T"])
        }
    }

    @Test("Records the run replaced are left out, and a type collected over another range is scanned")
    func replacedAndOtherRanges() throws {
        let sightings = try RunSightings.collecting(type: "T", ids: (0..<2_990).map(Self.id))
        let replaced = Set((2_990..<3_000).map { RunSightings.key(Self.id($0)) })
        let plan = DeletionPlan(
            ranges: ["T": (nil, 10_000), "U": (200, 10_000)], sightings: sightings, acceptDeletions: false,
            importID: 7)
        var scannedTypes: [String] = []
        let findings = try DeletionFinder.find(
            plan, collected: try Self.collection(memoryLimit: 10_000), replacedByRun: replaced
        ) { type, _, _, _ in scannedTypes.append(type) }
        #expect(findings.deletions["T"] == nil)
        #expect(scannedTypes == ["U"])
    }
}
