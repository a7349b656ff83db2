import Foundation
import GRDB
import HealthCore
import HealthExport
import HealthFixtures
import HealthJSON
import Testing

@testable import HealthSQLite

@Suite struct RecordWriterTests {
    /// `count` samples a minute apart from `minute`: heart rates, every third with metadata, with
    /// now and then an HRV sample with beats or a weight between them.
    static func samples(count: Int, from minute: Int = 0) -> String {
        var lines: [String] = []
        for index in minute..<(minute + count) {
            let time = String(format: "2024-05-%02d %02d:%02d:00 +0200", 1 + index / 1440, index / 60 % 24, index % 60)
            let dates = "creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\""
            let device = "device=\"&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, model:Watch&gt;\""
            if index % 37 == 0 {
                lines.append(
                    "<Record type=\"HKQuantityTypeIdentifierHeartRateVariabilitySDNN\" sourceName=\"Watch\" unit=\"ms\" \(dates) value=\"\(40 + index % 7)\">"
                )
                lines.append("<HeartRateVariabilityMetadataList>")
                for beat in 0..<3 {
                    let time = String(format: "%d:%02d:%02d.5%d AM", index / 60 % 12 + 1, index % 60, beat, beat)
                    lines.append("<InstantaneousBeatsPerMinute bpm=\"\(60 + beat)\" time=\"\(time)\"/>")
                }
                lines.append("</HeartRateVariabilityMetadataList>")
                lines.append("</Record>")
            } else if index % 53 == 0 {
                lines.append(
                    "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"kg\" \(dates) value=\"70\"/>"
                )
            } else if index % 3 == 0 {
                lines.append(
                    "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" \(device) unit=\"count/min\" \(dates) value=\"\(60 + index % 30)\">"
                )
                lines.append("<MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(index % 2)\"/>")
                lines.append("<MetadataEntry key=\"Position\" value=\"\(index)\"/>")
                lines.append("</Record>")
            } else {
                lines.append(
                    "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" \(device) unit=\"count/min\" \(dates) value=\"\(60 + index % 30)\"/>"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Writes `batches` into a new store, one transaction per batch; returns the writer.
    @discardableResult
    func write(
        _ batches: [[IdentifiedRecord]], into database: String, oneByOne: Bool = false,
        heldMetadata: Int = MetadataBuffer.defaultCapacity
    ) throws -> RecordWriter {
        let store = try HealthStore.open(path: database)
        return try store.queue.writeWithoutTransaction { db in
            let writer = RecordWriter(db, heldMetadata: heldMetadata)
            for batch in batches {
                try db.inTransaction {
                    if oneByOne {
                        for record in batch { try writer.write(record) }
                    } else {
                        try writer.write(batch)
                    }
                    try writer.flushMetadata()
                    return .commit
                }
            }
            return writer
        }
    }

    @Test("Batches of many rows per statement store what records written one by one store")
    func batchesMatchOneByOne() throws {
        let records = try stream(minimalExport(Self.samples(count: 300))).records
        let folder = TemporaryFolder()
        let batched = folder.path + "/batched.sqlite"
        let single = folder.path + "/single.sqlite"
        let writer = try write([Array(records[..<150]), Array(records[150...])], into: batched)
        let reference = try write([records], into: single, oneByOne: true)
        #expect(try dumpTables(batched) == dumpTables(single))
        #expect(writer.inserted == records.count)
        #expect(writer.inserted == reference.inserted)
        #expect(writer.outcome.alreadyStored.isEmpty)
        #expect(try rowCount(batched, "heartbeats") == 9 * 3)
        #expect(try rowCount(batched, "metadata") > 0)
    }

    @Test("Samples' metadata waits in the writer until it is flushed, then lands whole, a record's entries in order")
    func metadataIsHeldUntilFlushed() throws {
        let records = try stream(minimalExport(Self.samples(count: 300))).records
        let entries = records.reduce(0) { $0 + $1.record.ownMetadata.count }
        let folder = TemporaryFolder()
        let store = try HealthStore.open(path: folder.database)
        try store.queue.writeWithoutTransaction { db in
            let writer = RecordWriter(db)
            try db.inTransaction {
                try writer.write(Array(records[..<150]))
                for record in records[150...] { try writer.write(record) }
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM metadata") == 0)
                try writer.flushMetadata()
                return .commit
            }
        }
        #expect(entries == 96 * 2)
        #expect(try rowCount(folder.database, "metadata") == entries)
        let stored = try DatabaseQueue(path: folder.database, configuration: .patient).read { db in
            try Row.fetchAll(
                db, sql: "SELECT record_uuid, position, key, value FROM metadata ORDER BY record_uuid, position")
        }
        let expected = records.flatMap { item in
            item.record.ownMetadata.enumerated().map {
                [item.id.description, "\($0.offset)", $0.element.key, $0.element.value]
            }
        }
        let storedRows = stored.map { [$0[0] as String, "\($0[1] as Int)", $0[2] as String, $0[3] as String] }
        #expect(storedRows == expected.sorted { ($0[0], Int($0[1])!) < ($1[0], Int($1[1])!) })
    }

    @Test("A writer holds at most the metadata rows it was given, and stores what a one-by-one writer stores")
    func heldMetadataFillsUp() throws {
        let records = try stream(minimalExport(Self.samples(count: 300))).records
        let folder = TemporaryFolder()
        let store = try HealthStore.open(path: folder.database)
        try store.queue.writeWithoutTransaction { db in
            let writer = RecordWriter(db, heldMetadata: 7)
            try db.inTransaction {
                try writer.write(Array(records[..<120]))
                try writer.write(Array(records[120...]))
                let inserted = try Int.fetchOne(db, sql: "SELECT count(*) FROM metadata") ?? 0
                #expect(inserted >= 96 * 2 - 7)
                try writer.flushMetadata()
                return .commit
            }
        }
        let reference = TemporaryFolder()
        try write([records], into: reference.database, oneByOne: true)
        #expect(try rowCount(folder.database, "metadata") == 96 * 2)
        #expect(try dumpTables(folder.database) == dumpTables(reference.database))
    }

    @Test("A newer sync version of a record written earlier in the same transaction replaces its held metadata")
    func newerVersionInOneTransaction() throws {
        // Same fields, same sync identifier: one ID, two versions (the note tells them apart).
        func sample(version: Int) -> String {
            """
            <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Phone" unit="count/min" \
            creationDate="2024-05-01 10:00:00 +0200" startDate="2024-05-01 10:00:00 +0200" \
            endDate="2024-05-01 10:00:00 +0200" value="60">
            <MetadataEntry key="HKMetadataKeySyncIdentifier" value="reading-1"/>
            <MetadataEntry key="HKMetadataKeySyncVersion" value="\(version)"/>
            <MetadataEntry key="Note" value="version \(version)"/>
            </Record>
            """
        }
        let records = try stream(minimalExport(sample(version: 1) + "\n" + sample(version: 2))).records.filter {
            $0.record.kind == .quantity
        }
        #expect(records.count == 2)
        #expect(records[0].id == records[1].id)
        let folder = TemporaryFolder()
        try write([records], into: folder.database, oneByOne: true)
        let metadata = try DatabaseQueue(path: folder.database, configuration: .patient).read { db in
            try Row.fetchAll(db, sql: "SELECT key, value FROM metadata ORDER BY position").map {
                "\($0[0] as String)=\($0[1] as String)"
            }
        }
        #expect(metadata == ["HKMetadataKeySyncIdentifier=reading-1", "HKMetadataKeySyncVersion=2", "Note=version 2"])
        #expect(try rowCount(folder.database, "quantity_samples") == 1)
    }

    @Test("Records the store already has, or a batch holds twice, are skipped and counted once each")
    func duplicatesInAndAcrossBatches() throws {
        let records = try stream(minimalExport(Self.samples(count: 120))).records
        let folder = TemporaryFolder()
        let database = folder.database
        // The first half, then everything with a repeat of the records 40..<50 inside the batch.
        let again = Array(records[..<60]) + Array(records[40..<50]) + Array(records[60...])
        let writer = try write([Array(records[..<60]), again], into: database)
        let reference = TemporaryFolder()
        try write([records], into: reference.database, oneByOne: true)
        #expect(try dumpTables(database) == dumpTables(reference.database))
        #expect(writer.inserted == records.count)
        #expect(writer.outcome.alreadyStored.values.reduce(0, +) == 60 + 10)
    }

    @Test("A run among another source's stored samples is inserted whole; one holding a stored record, one by one")
    func runsAmongStoredSamples() throws {
        /// Heart rates of `source`, a minute apart from `second` past 08:00, for `minutes` minutes.
        func rates(_ source: String, second: Int, minutes: Range<Int>) throws -> [IdentifiedRecord] {
            let lines = minutes.map { minute in
                let time = String(format: "2024-05-01 %02d:%02d:%02d +0200", 8 + minute / 60, minute % 60, second)
                return "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"\(source)\" unit=\"count/min\" "
                    + "creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(60 + minute % 30)\"/>"
            }
            return try stream(minimalExport(lines.joined(separator: "\n"))).records.filter {
                if case .quantity = $0.record { true } else { false }
            }
        }
        let watch = try rates("Watch", second: 0, minutes: 0..<64)
        let phone = try rates("Phone", second: 30, minutes: 0..<64)
        let later = try rates("Phone", second: 30, minutes: 64..<96)
        // Two samples an hour apart, with 128 stored between them: looked up by key.
        let sparse = try rates("Scale", second: 45, minutes: 0..<64)
        // The phone's samples fall between the watch's; two batches repeat one of the watch's.
        let batches = [
            watch, phone, Array(later[..<16]) + [watch[10]] + Array(later[16...]),
            [sparse[0], sparse[63]], [sparse[1], watch[20], sparse[62]],
        ]
        let folder = TemporaryFolder()
        let writer = try write(batches, into: folder.database)
        let reference = TemporaryFolder()
        try write(batches, into: reference.database, oneByOne: true)
        #expect(try dumpTables(folder.database) == dumpTables(reference.database))
        #expect(writer.inserted == 64 + 64 + 32 + 4)
        #expect(writer.outcome.alreadyStored["HKQuantityTypeIdentifierHeartRate"] == 2)
        // 32 rows a statement: the watch's and the phone's runs and the first sparse one whole;
        // the runs holding a stored record (16 new rows, the stored one and 15 more; the sparse
        // three) and the run of one left, one by one.
        #expect(RowInserter.rowsPerStatement == 32)
        #expect(writer.quantityRunsInserted == 5)
        #expect(try rowCount(folder.database, "quantity_samples") == 164)
    }

    @Test("A stored ID's text parses back to the ID, in either case; anything else is refused")
    func storedIDText() {
        func parse(_ text: String) -> RecordID? {
            var text = text
            return text.withUTF8 { RecordID(utf8: UnsafeRawBufferPointer($0)) }
        }
        let id = RecordID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(parse(id.description) == id)
        #expect(parse(id.description.lowercased()) == id)
        #expect(parse("00000000-0000-0000-0000-000000000000") == RecordID(high: 0, low: 0))
        #expect(parse("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF") == RecordID(high: .max, low: .max))
        #expect(parse("01234567-89AB-CDEF-FEDC-BA987654321") == nil)
        #expect(parse("0123456789AB-CDEF-FEDC-BA98-76543210") == nil)
        #expect(parse("01234567-89AB-CDEF-FEDC-BA987654321G") == nil)
        #expect(parse("01234567-89AB-CDEF-FEDC-BA98765432 0") == nil)
        #expect(parse("01234567-89AB-CDEF-FEDC-BA9876543210 ") == nil)
    }

    @Test("A record ID's text is its canonical form")
    func recordIDText() {
        let id = RecordID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(id.description == "01234567-89AB-CDEF-FEDC-BA9876543210")
        #expect(RecordID(id.description) == id)
    }
}
