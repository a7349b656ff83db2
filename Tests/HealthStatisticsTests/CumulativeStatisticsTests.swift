import HealthStatistics
import Testing

@Suite struct CumulativeStatisticsTests {
    let f = Fixture()

    @Test("Watch and iPhone recording the same ten minutes: only the Watch counts")
    func fullOverlap() {
        // Health: 10:00-10:10 is covered by both; the Watch ranks higher, so 600 (not 600 + 500 = 1100).
        let buckets = f.days([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 0), (10, 10), 500)])
        #expect(buckets.count == 1)
        #expect(buckets[0].sum == 600)
        #expect(f.amounts(buckets[0]) == ["Jo’s Apple Watch": 600])
    }

    @Test("Partly overlapping: the iPhone counts where the Watch has nothing")
    func partialOverlap() {
        // Watch 10:00-10:10 600 steps, iPhone 10:05-10:15 300 steps (30 a minute).
        // 10:00-10:05 Watch 300; 10:05-10:10 Watch 300 (iPhone loses); 10:10-10:15 iPhone alone 150.
        // Health: 750, of which Watch 600 and iPhone 150.
        let bucket = f.days([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 5), (10, 15), 300)])[0]
        #expect(close(bucket.sum, 750))
        #expect(close(f.amounts(bucket)["Jo’s Apple Watch"]!, 600))
        #expect(close(f.amounts(bucket)["Jo’s iPhone"]!, 150))
    }

    @Test("Not overlapping: both count in full")
    func noOverlap() {
        // Health: 600 + 400 = 1000.
        #expect(
            f.total([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (11, 0), (11, 10), 400)]) == 1000)
    }

    @Test("A third-party app counts only where no Apple device recorded")
    func appBelowAppleDevices() {
        // Pedometer++ 10:00-11:00 600 steps (10 a minute), iPhone 10:30-10:40 300.
        // 10:00-10:30 app 300; 10:30-10:40 iPhone 300; 10:40-11:00 app 200. Health: 800.
        let bucket = f.days([f.sample(f.pedometer, (10, 0), (11, 0), 600), f.sample(f.phone, (10, 30), (10, 40), 300)])[
            0]
        #expect(close(bucket.sum, 800))
        #expect(close(f.amounts(bucket)["Pedometer++"]!, 500))
    }

    @Test("Other sources among themselves rank alphabetically")
    func appsAlphabetical() {
        // Health (the app's name) sorts before Pedometer++: in 10:00-10:10 Health's 100 counts, not 900.
        #expect(
            f.total([f.sample(f.pedometer, (10, 0), (10, 10), 900), f.sample(f.health, (10, 0), (10, 10), 100)]) == 100)
    }

    @Test("A sample entered by hand wins over every source")
    func handEnteredAboveAll() {
        // Hand-entered 10:00-10:20 1000 steps over the Watch's 10:00-10:10 600: the whole 20 minutes are the
        // hand-entered sample's. Health: 1000.
        let bucket = f.days([
            f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.health, (10, 0), (10, 20), 1000, handEntered: true),
        ])[0]
        #expect(bucket.sum == 1000)
        #expect(f.amounts(bucket) == ["Health": 1000])
    }

    @Test("An explicit order puts the iPhone first; hand-entered samples stay above it")
    func explicitPriority() {
        let samples = [
            f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 0), (10, 10), 500),
            f.sample(f.health, (12, 0), (12, 10), 50, handEntered: true), f.sample(f.phone, (12, 0), (12, 10), 70),
        ]
        let priority = f.priority(["Jo’s iPhone", "Jo’s Apple Watch"])
        // 10:00-10:10 the iPhone's 500; 12:00-12:10 the hand-entered 50. Health with this order: 550.
        #expect(f.total(samples, priority: priority) == 550)
        // The default order: Watch 600 + hand-entered 50 = 650.
        #expect(f.total(samples) == 650)
    }

    @Test("A sample across midnight gives each day its share")
    func acrossMidnight() {
        // 23:50 to 00:10, 1200 steps: 600 on each day.
        let buckets = f.days([f.sample(f.watch, (23, 50), (24, 10), 1200)])
        #expect(buckets.map(\.label) == ["2024-05-10", "2024-05-11"])
        #expect(buckets.map(\.sum) == [600, 600])
        #expect(buckets[0].startText == "2024-05-10T00:00:00+00:00")
        #expect(buckets[0].endText == "2024-05-11T00:00:00+00:00")
    }

    @Test("A sample across an hour gives each hour its share")
    func acrossHour() {
        // 10:45 to 11:15, 90 steps: 45 in the 10:00 hour, 45 in the 11:00 hour.
        let hours = CumulativeStatistics.buckets(
            [f.sample(f.watch, (10, 45), (11, 15), 90)], periods: [.hour], priority: f.priority(), zones: f.zones)[
                .hour]!
        #expect(hours.map(\.label) == ["2024-05-10T10:00", "2024-05-10T11:00"])
        #expect(hours.map(\.sum) == [45, 45])
    }

    @Test("A sample without duration counts whole, unless a higher source covers its instant")
    func zeroLength() {
        // iPhone 50 steps at 10:05 inside the Watch's 10:00-10:10 600: the Watch wins there, 600.
        #expect(f.total([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 5), (10, 5), 50)]) == 600)
        // The same 50 at 12:00, where nothing else is: 600 + 50 = 650.
        #expect(f.total([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (12, 0), (12, 0), 50)]) == 650)
        // Entered by hand at 10:05: it counts, and takes nothing from the Watch's minutes around it: 650.
        #expect(
            f.total([
                f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.health, (10, 5), (10, 5), 50, handEntered: true),
            ]) == 650)
    }

    @Test("Weeks start on Monday and months on the first")
    func weeksAndMonths() {
        // 2024-05-10 is a Friday: its week starts Monday 2024-05-06, its month 2024-05-01.
        let result = CumulativeStatistics.buckets(
            [f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.watch, (24 * 3 + 10, 0), (24 * 3 + 10, 10), 400)],
            periods: [.week, .month], priority: f.priority(), zones: f.zones)
        // Friday 600 in the week of May 6; Monday May 13's 400 in the next week; both in May: 1000.
        #expect(result[.week]!.map(\.label) == ["2024-05-06", "2024-05-13"])
        #expect(result[.week]!.map(\.sum) == [600, 400])
        #expect(result[.month]!.map(\.label) == ["2024-05-01"])
        #expect(result[.month]!.map(\.sum) == [1000])
        #expect(result[.month]![0].endText == "2024-06-01T00:00:00+00:00")
    }

    @Test("Statistics of a bucket from the samples around it equal those from every sample")
    func windowEqualsWhole() {
        var samples: [StatisticsSample] = []
        for hour in stride(from: 0, to: 24 * 5, by: 3) {
            samples.append(f.sample(f.watch, (hour, 10), (hour + 1, 10), Double(100 + hour)))
            samples.append(f.sample(f.phone, (hour, 40), (hour + 2, 0), Double(50 + hour)))
        }
        let whole = f.days(samples)
        let day = whole[2]
        let window = Period.day.sampleWindow(wallStart: day.wallStart)
        let near = samples.filter { $0.end > window.lowerBound && $0.start < window.upperBound }
        #expect(near.count < samples.count)
        #expect(f.days(near).first { $0.wallStart == day.wallStart } == day)
    }
}
