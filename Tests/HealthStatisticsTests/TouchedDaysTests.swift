import HealthStatistics
import Testing

@Suite struct TouchedDaysTests {
    /// Days since 1970 of a date.
    func day(_ text: String) -> Int32 { Int32(LocalDay.days(text)!) }

    @Test("A touched day reaches its month, and the month where its week starts")
    func weekInPreviousMonth() {
        // Sunday 2024-03-03 belongs to the week of Monday 2024-02-26: February and March are recomputed.
        let ranges = TouchedDays.wallRanges(utcDays: [day("2024-03-03")])
        #expect(ranges.count == 1)
        #expect(ranges[0].lowerBound == LocalDay.days("2024-02-01")! * 86_400)
        #expect(ranges[0].upperBound == LocalDay.days("2024-04-01")! * 86_400)
    }

    @Test("Touched days far apart make separate ranges of whole months, at most the length asked for")
    func separateRanges() {
        let ranges = TouchedDays.wallRanges(
            utcDays: Set([day("2024-05-15"), day("2025-01-15")] + (0..<200).map { day("2022-01-10") + Int32($0) }),
            monthsPerRange: 3)
        // 2022-01-09 to 2022-07-28 (with the days around them): January to July 2022 in ranges of at most three
        // months, then May 2024 and January 2025 alone.
        let months = ranges.map { (LocalDay.text($0.lowerBound / 86_400), LocalDay.text($0.upperBound / 86_400)) }
        #expect(months.count == 5)
        #expect(months[0] == ("2022-01-01", "2022-04-01") && months[1] == ("2022-04-01", "2022-07-01"))
        #expect(months[2] == ("2022-07-01", "2022-08-01"))
        #expect(months[3] == ("2024-05-01", "2024-06-01") && months[4] == ("2025-01-01", "2025-02-01"))
    }

    @Test("Samples are noted on every UTC day they cover")
    func noting() {
        var touched = TouchedDays()
        let start = LocalDay.days("2024-05-10")! * 86_400 + 23 * 3600
        touched.note(type: "HKQuantityTypeIdentifierStepCount", start: start, end: start + 2 * 3600)
        touched.note(type: "HKQuantityTypeIdentifierStepCount", start: start, end: start + 60)
        #expect(touched.days["HKQuantityTypeIdentifierStepCount"] == [day("2024-05-10"), day("2024-05-11")])
    }
}
