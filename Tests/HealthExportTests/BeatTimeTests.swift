import HealthExport
import HealthFixtures
import Testing

/// HRV beat times are wall-clock times of the recording's zone; the export may write the
/// sample's dates in another offset (its own, at export time).
@Suite struct BeatTimeTests {
    /// The beats of the one HRV sample in `records`, as milliseconds after the sample's start.
    static func beatOffsets(start: String, end: String, times: [String], exportDate: String) throws -> [Int64?] {
        let beats = times.map { "   <InstantaneousBeatsPerMinute bpm=\"61\" time=\"\($0)\"/>" }.joined(separator: "\n")
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="\(start)" endDate="\(end)" value="41.2">
              <HeartRateVariabilityMetadataList>
            \(beats)
              </HeartRateVariabilityMetadataList>
             </Record>
            """, exportDate: exportDate)
        let sample = try #require(try readAll(xml).records.last?.quantity)
        #expect(sample.beats.map(\.writtenTime) == times)
        let origin = sample.header.startDate.secondsSince1970 * 1000
        return sample.beats.map { $0.millisecondsSince1970.map { $0 - origin } }
    }

    @Test("Winter beats in a summer export land inside their January sample, not an hour before")
    func winterBeatsSummerExport() throws {
        let offsets = try Self.beatOffsets(
            start: "2024-01-15 04:57:10 +0200", end: "2024-01-15 04:58:12 +0200",
            times: ["03:57:20,68", "03:57:21,52", "03:58:09,90"], exportDate: "2024-07-01 09:00:00 +0200")
        #expect(offsets == [10_680, 11_520, 59_900])
    }

    @Test("Summer beats in a winter export land inside their July sample, not an hour after")
    func summerBeatsWinterExport() throws {
        let offsets = try Self.beatOffsets(
            start: "2024-07-15 03:57:10 +0100", end: "2024-07-15 03:58:10 +0100",
            times: ["4:57:20.68 AM", "4:57:21.10\u{202F}AM"], exportDate: "2024-12-01 09:00:00 +0100")
        #expect(offsets == [10_680, 11_100])
    }

    @Test("A sample across midnight in another offset puts each beat on its own day")
    func acrossMidnight() throws {
        // 00:59:50 +0200 on the 16th is 23:59:50 on the 15th on the recording's winter clock.
        let offsets = try Self.beatOffsets(
            start: "2024-01-16 00:59:50 +0200", end: "2024-01-16 01:00:50 +0200",
            times: ["23:59:55,00", "00:00:05,00", "00:00:45,25"], exportDate: "2024-07-01 09:00:00 +0200")
        #expect(offsets == [5_000, 15_000, 55_250])
    }

    @Test("Beats after a daylight-saving change inside the recording follow the new clock")
    func acrossDaylightSavingChange() throws {
        // Europe/Paris, 2024-03-31: 02:00 +0100 became 03:00 +0200 during the recording.
        let offsets = try Self.beatOffsets(
            start: "2024-03-31 02:59:30 +0200", end: "2024-03-31 03:00:30 +0200",
            times: ["01:59:40,00", "01:59:59,50", "03:00:10,00", "03:00:29,00"],
            exportDate: "2024-07-01 09:00:00 +0200")
        #expect(offsets == [10_000, 29_500, 40_000, 59_000])
    }

    @Test("Beats written in the sample's own offset stay as they are, even just outside its end")
    func sameOffset() throws {
        let offsets = try Self.beatOffsets(
            start: "2024-05-30 08:00:00 -0700", end: "2024-05-30 08:01:00 -0700",
            times: ["8:00:00.40 AM", "8:01:00.50 AM", "8:01:03.00 AM"], exportDate: "2024-06-01 09:00:00 -0700")
        #expect(offsets == [400, 60_500, 63_000])
    }

    @Test("A recording made in a half-hour zone resolves by the half hour")
    func halfHourZone() throws {
        // Recorded in India (+0530), exported in Berlin summer time (+0200).
        let offsets = try Self.beatOffsets(
            start: "2024-02-10 06:30:00 +0200", end: "2024-02-10 06:31:00 +0200",
            times: ["10:00:01,00", "10:00:02,00"], exportDate: "2024-07-01 09:00:00 +0200")
        #expect(offsets == [1_000, 2_000])
    }

    @Test("An unreadable beat time has no instant and keeps its text")
    func unreadable() throws {
        let offsets = try Self.beatOffsets(
            start: "2024-05-30 08:00:00 +0200", end: "2024-05-30 08:01:00 +0200", times: ["soon", "08:00:01,00"],
            exportDate: "2024-06-01 09:00:00 +0200")
        #expect(offsets == [nil, 1_000])
    }
}
