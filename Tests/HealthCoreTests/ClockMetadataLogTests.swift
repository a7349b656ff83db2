import HealthExport
import HealthStatistics
import Testing

@testable import HealthCore

@Suite struct ClockMetadataLogTests {
    let stored = RecordID(name: "a sample stored before the import")
    let written = RecordID(name: "a sample the import writes")
    let rewritten = RecordID(name: "a sample the import writes again")

    func clock(_ metadata: ClockMetadata, _ id: RecordID) -> (zone: String?, userEntered: Bool)? {
        var text = id.description
        return text.withUTF8 { metadata.clock(uuid: UnsafeRawBufferPointer($0)) }
    }

    /// Adds the stored sample's zone to `builder`, as a store's rows would.
    func readStore(_ builder: inout ClockMetadata.Builder, reads: inout Int) {
        reads += 1
        var (uuid, key) = (stored.description, "HKTimeZone")
        uuid.withUTF8 { uuid in
            key.withUTF8 { key in
                builder.add(uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: "Asia/Tokyo")
            }
        }
    }

    @Test("The log reads the store once, then follows the writer's notes, a rewritten record's entries replaced")
    func followsTheWriter() throws {
        let log = ClockMetadataLog()
        var reads = 0
        log.note(
            [
                MetadataEntry(key: "HKTimeZone", value: "Europe/Paris"),
                MetadataEntry(key: "HKMetadataKeySyncVersion", value: "2"),
            ],
            of: written)
        log.note([MetadataEntry(key: "HKTimeZone", value: "America/Chicago")], of: rewritten)
        var metadata = try log.current { readStore(&$0, reads: &reads) }
        #expect(clock(metadata, stored)?.zone == "Asia/Tokyo")
        #expect(clock(metadata, written)?.zone == "Europe/Paris")
        #expect(clock(metadata, written)?.userEntered == false)
        #expect(clock(metadata, rewritten)?.zone == "America/Chicago")

        // Written again by hand, without its zone.
        log.noteRewritten(uuid: rewritten.description)
        log.note([MetadataEntry(key: "HKWasUserEntered", value: "1")], of: rewritten)
        metadata = try log.current { readStore(&$0, reads: &reads) }
        let again = try #require(clock(metadata, rewritten))
        #expect(again.zone == nil)
        #expect(again.userEntered)
        #expect(clock(metadata, stored)?.zone == "Asia/Tokyo")
        #expect(clock(metadata, written)?.zone == "Europe/Paris")

        // Nothing noted since: the same metadata, and the store was read once in all.
        metadata = try log.current { readStore(&$0, reads: &reads) }
        #expect(clock(metadata, rewritten)?.userEntered == true)
        #expect(reads == 1)
    }

    @Test("Within one batch of notes, a rewrite drops only the record's entries noted before it")
    func rewriteWithinABatch() throws {
        let log = ClockMetadataLog()
        var reads = 0
        log.note([MetadataEntry(key: "HKTimeZone", value: "Europe/Paris")], of: rewritten)
        log.note([MetadataEntry(key: "HKTimeZone", value: "Europe/Paris")], of: written)
        log.noteRewritten(uuid: rewritten.description)
        log.noteRewritten(uuid: stored.description)
        log.note([MetadataEntry(key: "HKWasUserEntered", value: "1")], of: rewritten)
        let metadata = try log.current { readStore(&$0, reads: &reads) }
        let again = try #require(clock(metadata, rewritten))
        #expect(again.zone == nil)
        #expect(again.userEntered)
        #expect(clock(metadata, written)?.zone == "Europe/Paris")
        #expect(clock(metadata, stored) == nil)
    }

    @Test("The worker and the writer share one copy: the store is read once, and each sees the other's notes applied")
    func oneCopyForBoth() throws {
        let log = ClockMetadataLog()
        var reads = 0
        log.note([MetadataEntry(key: "HKTimeZone", value: "Europe/Paris")], of: written)
        let worker = try log.current { readStore(&$0, reads: &reads) }
        log.note([MetadataEntry(key: "HKTimeZone", value: "America/Chicago")], of: rewritten)
        let writer = try log.current { readStore(&$0, reads: &reads) }
        #expect(reads == 1)
        #expect(clock(worker, rewritten) == nil)
        #expect(clock(writer, rewritten)?.zone == "America/Chicago")
        #expect(clock(writer, written)?.zone == "Europe/Paris")
        #expect(clock(writer, stored)?.zone == "Asia/Tokyo")
    }
}
