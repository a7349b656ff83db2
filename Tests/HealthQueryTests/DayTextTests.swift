import HealthQuery
import Testing

@Suite struct DayTextTests {
    @Test("days round-trip through seconds since 1970, leap days included")
    func roundTrip() {
        for day in ["1970-01-01", "1999-12-31", "2000-02-29", "2024-02-29", "2025-11-23", "1969-07-20"] {
            let seconds = DayText.unixMidnight(day)
            #expect(seconds != nil, "\(day)")
            #expect(seconds.map(DayText.day(unix:)) == day)
        }
        #expect(DayText.unixMidnight("1970-01-02") == 86_400)
        #expect(DayText.day(unix: 86_399) == "1970-01-01")
        #expect(DayText.day(unix: -1) == "1969-12-31")
    }

    @Test("what is not a day written yyyy-MM-dd is refused")
    func invalid() {
        for text in [
            "2025-02-29", "1900-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "2025-1-01", "20250101",
            "2025-01-01 ", "2025-01-0x", "",
        ] {
            #expect(!DayText.isValid(text), "\(text)")
        }
    }

    @Test("weeks start on Monday")
    func weekStart() {
        #expect(DayText.weekStart("2025-11-23") == "2025-11-17")  // a Sunday
        #expect(DayText.weekStart("2025-11-17") == "2025-11-17")  // a Monday
        #expect(DayText.weekStart("1970-01-01") == "1969-12-29")  // a Thursday
        #expect(DayText.adding(1, to: "2024-02-28") == "2024-02-29")
    }

    @Test("cumulative types add up over a day; the others are averaged")
    func cumulative() {
        #expect(StoredStatistics.isCumulative("HKQuantityTypeIdentifierStepCount"))
        #expect(StoredStatistics.isCumulative("HKQuantityTypeIdentifierDistanceCycling"))
        #expect(StoredStatistics.isCumulative("HKQuantityTypeIdentifierDietaryProtein"))
        #expect(!StoredStatistics.isCumulative("HKQuantityTypeIdentifierHeartRate"))
        #expect(!StoredStatistics.isCumulative("HKQuantityTypeIdentifierBodyMass"))
    }
}
