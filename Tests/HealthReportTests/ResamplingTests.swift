import Testing

@testable import HealthReport

/// Long daily series folded into weeks, and the smoothed trend line.
@Suite struct ResamplingTests {
    @Test("Days fold into their ISO week, at its Monday, as the mean of the days present")
    func weekly() throws {
        // 2024-05-06 is a Monday; the 12th its Sunday; the 13th the next Monday.
        let days: [(day: String, value: Double)] = [
            ("2024-05-06", 10), ("2024-05-08", 20), ("2024-05-12", 30), ("2024-05-13", 7),
        ]
        let weeks = Resampling.weekly(days)
        #expect(weeks.count == 2)
        let monday = try #require(DayNumber.of("2024-05-06"))
        #expect(weeks[0].day == monday)
        #expect(weeks[0].value == 20)
        #expect(weeks[0].days == 3)
        #expect(weeks[1].day == monday + 7)
        #expect(weeks[1].value == 7)
        #expect(weeks[1].days == 1)
    }

    @Test("The trend starts at the first value and moves a tenth of the gap per day, longer gaps more")
    func trend() {
        let points = [
            ChartPoint(day: 0, value: 100, title: ""), ChartPoint(day: 1, value: 0, title: ""),
            ChartPoint(day: 3, value: 0, title: ""),
        ]
        let trend = Resampling.trend(points)
        #expect(trend.map(\.day) == [0, 1, 3])
        #expect(trend[0].value == 100)
        #expect(abs(trend[1].value - 90) < 1e-9)
        // Two days at once keep 0.9² of the level.
        #expect(abs(trend[2].value - 90 * 0.81) < 1e-9)
    }
}
