import HealthStatistics
import Testing

@Suite struct ClockMetadataTests {
    let paris = "0D2A6C1E-5B7F-4C39-9E0A-3F1B2C4D5E6F"
    let tokyo = "7F3E2D1C-0B9A-4876-A5B4-C3D2E1F0A9B8"
    let byHand = "A1B2C3D4-E5F6-4789-8ABC-DEF012345678"
    let plain = "11111111-2222-4333-8444-555555555555"

    /// Metadata rows as a store returns them: in no particular order, one record with both keys.
    func metadata() -> ClockMetadata {
        let rows = [
            (tokyo, "HKTimeZone", "Asia/Tokyo"),
            (paris, "HKWasUserEntered", "1"),
            (byHand, "HKWasUserEntered", "YES"),
            (paris, "HKTimeZone", "Europe/Paris"),
            (plain, "HKWasUserEntered", "0"),
        ]
        var builder = ClockMetadata.Builder()
        for (uuid, key, value) in rows {
            var (uuid, key) = (uuid, key)
            uuid.withUTF8 { uuid in
                key.withUTF8 { key in
                    builder.add(uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: value)
                }
            }
        }
        return builder.build()
    }

    func clock(_ metadata: ClockMetadata, _ uuid: String) -> (zone: String?, userEntered: Bool)? {
        var uuid = uuid
        return uuid.withUTF8 { metadata.clock(uuid: UnsafeRawBufferPointer($0)) }
    }

    @Test("A record's two rows merge into one clock; each record keeps its own zone and hand entry")
    func lookUp() throws {
        let metadata = metadata()
        let inParis = try #require(clock(metadata, paris))
        #expect(inParis.zone == "Europe/Paris")
        #expect(inParis.userEntered)
        let inTokyo = try #require(clock(metadata, tokyo))
        #expect(inTokyo.zone == "Asia/Tokyo")
        #expect(!inTokyo.userEntered)
        let entered = try #require(clock(metadata, byHand))
        #expect(entered.zone == nil)
        #expect(entered.userEntered)
        let notEntered = try #require(clock(metadata, plain))
        #expect(!notEntered.userEntered)
        #expect(clock(metadata, "99999999-2222-4333-8444-555555555555") == nil)
        var empty = ClockMetadata.Builder()
        #expect(clock(empty.build(), paris) == nil)
    }

    @Test("A sample without an entry keeps the offset it was written with; one with a zone gets that zone")
    func zoneOfSample() {
        let metadata = metadata()
        let zones = LocalZones()
        var (paris, other) = (paris, "99999999-2222-4333-8444-555555555555")
        let minus7 = Int32(-7 * 3600)
        let named = paris.withUTF8 {
            metadata.clock(uuid: UnsafeRawBufferPointer($0), writtenOffset: minus7, in: zones)
        }
        let fixed = other.withUTF8 {
            metadata.clock(uuid: UnsafeRawBufferPointer($0), writtenOffset: minus7, in: zones)
        }
        #expect(named.0 == zones.zone(timeZoneName: "Europe/Paris", writtenOffsetSeconds: minus7))
        #expect(named.1)
        #expect(fixed.0 == zones.fixed(offsetSeconds: minus7))
        #expect(!fixed.1)
        // 2024-05-10 22:30 UTC: 00:30 on May 11 in Paris, 15:30 on May 10 at -07:00.
        let instant: Int64 = 1_715_380_200
        #expect(zones.wall(named.0, at: instant) - instant == 2 * 3600)
        #expect(zones.wall(fixed.0, at: instant) - instant == Int64(minus7))
    }

    @Test("Rows added after a build are merged by the next, across builds too; earlier results keep theirs")
    func buildAgain() throws {
        var builder = ClockMetadata.Builder()
        func add(_ uuid: String, _ key: String, _ value: String) {
            var (uuid, key) = (uuid, key)
            uuid.withUTF8 { uuid in
                key.withUTF8 { key in
                    builder.add(uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: value)
                }
            }
        }
        add(paris, "HKTimeZone", "Europe/Paris")
        add(plain, "HKWasUserEntered", "0")
        let first = builder.build()
        add(tokyo, "HKTimeZone", "Asia/Tokyo")
        add(paris, "HKWasUserEntered", "1")
        var removed = byHand
        add(byHand, "HKWasUserEntered", "1")
        removed.withUTF8 { builder.remove(uuid: UnsafeRawBufferPointer($0)) }
        let second = builder.build()

        #expect(clock(first, tokyo) == nil)
        #expect(try #require(clock(first, paris)).userEntered == false)
        let inParis = try #require(clock(second, paris))
        #expect(inParis.zone == "Europe/Paris")
        #expect(inParis.userEntered)
        #expect(try #require(clock(second, tokyo)).zone == "Asia/Tokyo")
        #expect(try #require(clock(second, plain)).userEntered == false)
        #expect(clock(second, byHand) == nil)
        #expect(clock(builder.build(), tokyo)?.zone == "Asia/Tokyo")
    }
}
