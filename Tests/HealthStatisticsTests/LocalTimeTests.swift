import HealthStatistics
import Testing

@Suite struct LocalTimeTests {
    let f = Fixture()

    @Test("Without HKTimeZone a sample's day is that of the offset the export wrote")
    func writtenOffset() {
        let pacific = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -7 * 3600)
        // 2024-05-11 06:30 UTC is 2024-05-10 23:30 at -07:00: 300 steps on May 10, a day starting at -07:00.
        let buckets = f.days([f.sample(f.watch, (30, 30), (31, 0), 300, zone: pacific)])
        #expect(buckets.map(\.label) == ["2024-05-10"])
        #expect(buckets[0].startText == "2024-05-10T00:00:00-07:00")
        #expect(buckets[0].endText == "2024-05-11T00:00:00-07:00")
        #expect(buckets[0].sum == 300)
    }

    @Test("HKTimeZone decides the day over the written offset")
    func namedZone() {
        // 2024-05-10 22:30 UTC: written at -07:00 it is 15:30 on May 10; in Europe/Paris (+02:00) 00:30 on May 11.
        let paris = f.zones.zone(timeZoneName: "Europe/Paris", writtenOffsetSeconds: -7 * 3600)
        let pacific = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -7 * 3600)
        let inParis = f.days([f.sample(f.watch, (22, 30), (22, 40), 100, zone: paris)])
        #expect(inParis.map(\.label) == ["2024-05-11"])
        #expect(inParis[0].startText == "2024-05-11T00:00:00+02:00")
        let asWritten = f.days([f.sample(f.watch, (22, 30), (22, 40), 100, zone: pacific)])
        #expect(asWritten.map(\.label) == ["2024-05-10"])
    }

    @Test("Two time zones: each sample lands in the day of its own clock")
    func twoZones() {
        let paris = f.zones.zone(timeZoneName: "Europe/Paris", writtenOffsetSeconds: 0)
        let newYork = f.zones.zone(timeZoneName: "America/New_York", writtenOffsetSeconds: 0)
        // 2024-05-10 21:00-21:10 UTC: 23:00 in Paris (May 10). 2024-05-11 03:00-03:10 UTC: 23:00 in New York
        // (May 10, -04:00). Both on May 10: 200 + 300 = 500; the day is shown on the clock of its earliest sample.
        let buckets = f.days([
            f.sample(f.watch, (21, 0), (21, 10), 200, zone: paris),
            f.sample(f.watch, (27, 0), (27, 10), 300, zone: newYork),
        ])
        #expect(buckets.map(\.label) == ["2024-05-10"])
        #expect(buckets[0].sum == 500)
        #expect(buckets[0].startText == "2024-05-10T00:00:00+02:00")
    }

    @Test("The day clocks change has 23 hours and ends in the new offset")
    func daylightSaving() throws {
        let losAngeles = try #require(f.zones.named("America/Los_Angeles"))
        // 2024-03-10 in Los Angeles: 08:00 UTC (midnight PST) to 07:00 UTC next day (midnight PDT), 23 hours.
        let start: Int64 = 1_710_057_600  // 2024-03-10 08:00 UTC
        let buckets = CumulativeStatistics.buckets(
            [StatisticsSample(start: start + 3600, end: start + 3600 + 600, value: 10, source: 0, zone: losAngeles)],
            periods: [.day], priority: f.priority(), zones: f.zones)[.day]!
        #expect(buckets[0].startText == "2024-03-10T00:00:00-08:00")
        #expect(buckets[0].endText == "2024-03-11T00:00:00-07:00")
        #expect(buckets[0].end - buckets[0].start == 23 * 3600)
        // A sample at 12:00 PDT on March 10 (19:00 UTC) reads 12:00 on the zone's clock.
        #expect(f.zones.wall(losAngeles, at: start + 11 * 3600) - (start - 8 * 3600) == 12 * 3600)
    }

    @Test("The hour clocks repeat is two hours, in a named zone and at the offsets written")
    func repeatedHour() throws {
        let newYork = try #require(f.zones.named("America/New_York"))
        let daylight = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -4 * 3600)
        let standard = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -5 * 3600)
        // 2025-11-02 05:00 UTC is 01:00 EDT; an hour later the clocks read 01:00 again, now EST.
        let first: Int64 = 1_762_059_600
        // In the named zone the first hour ends when the clocks go back; at a fixed offset written, at 02:00.
        let firstEnds = ["2025-11-02T01:00:00-05:00", "2025-11-02T02:00:00-04:00"]
        for (zoneBefore, zoneAfter, firstEnd) in [(newYork, newYork, firstEnds[0]), (daylight, standard, firstEnds[1])]
        {
            let buckets = CumulativeStatistics.buckets(
                [
                    StatisticsSample(start: first + 1800, end: first + 2100, value: 100, source: 0, zone: zoneBefore),
                    StatisticsSample(start: first + 5400, end: first + 5700, value: 50, source: 0, zone: zoneAfter),
                ],
                periods: [.hour, .day], priority: f.priority(), zones: f.zones)
            let hours = try #require(buckets[.hour])
            #expect(hours.map(\.startText) == ["2025-11-02T01:00:00-04:00", "2025-11-02T01:00:00-05:00"])
            #expect(hours.map(\.endText) == [firstEnd, "2025-11-02T02:00:00-05:00"])
            #expect(hours.map(\.sum) == [100, 50])
            #expect(hours.map { $0.end - $0.start } == [3600, 3600])
            #expect(try #require(buckets[.day]).map(\.sum) == [150])
        }
    }

    /// Without `HKTimeZone`, a sample's clock is its start's written offset: on the day clocks go
    /// back, the day's first samples are at -04:00 and its last at -05:00.
    @Test("A day and an hour of samples at two written offsets: start on the first's clock, end on the last's")
    func writtenOffsetsAcrossTheChange() throws {
        let daylight = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -4 * 3600)
        let standard = f.zones.zone(timeZoneName: nil, writtenOffsetSeconds: -5 * 3600)
        let fiveUTC: Int64 = 1_762_059_600  // 2025-11-02 05:00 UTC: 01:00 EDT
        let buckets = CumulativeStatistics.buckets(
            [
                // 01:50 EDT to 01:05 EST: fifteen minutes across the change.
                StatisticsSample(start: fiveUTC + 3000, end: fiveUTC + 3900, value: 150, source: 0, zone: daylight),
                StatisticsSample(start: fiveUTC + 4200, end: fiveUTC + 4500, value: 200, source: 0, zone: standard),
                StatisticsSample(start: fiveUTC + 83_400, end: fiveUTC + 84_000, value: 10, source: 0, zone: standard),
            ],
            periods: [.hour, .day], priority: f.priority(), zones: f.zones)
        let days = try #require(buckets[.day])
        #expect(days.map(\.startText) == ["2025-11-02T00:00:00-04:00"])
        #expect(days.map(\.endText) == ["2025-11-03T00:00:00-05:00"])
        #expect(days.map(\.sum) == [360])
        let hours = try #require(buckets[.hour])
        // The second 01:00 is shown as 01:00 EST: a sample starts in it at that offset.
        #expect(
            hours.map(\.startText) == [
                "2025-11-02T01:00:00-04:00", "2025-11-02T01:00:00-05:00", "2025-11-02T23:00:00-05:00",
            ])
        #expect(hours.map(\.sum) == [100, 250, 10])
    }

    @Test("An unknown HKTimeZone falls back to the written offset")
    func unknownZone() {
        #expect(
            f.zones.zone(timeZoneName: "Mars/Olympus", writtenOffsetSeconds: 3600) == f.zones.fixed(offsetSeconds: 3600)
        )
    }
}
