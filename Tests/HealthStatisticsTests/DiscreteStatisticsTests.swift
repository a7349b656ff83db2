import HealthStatistics
import Testing

@Suite struct DiscreteStatisticsTests {
    let f = Fixture()

    @Test("The average is the plain mean over every source, in the bucket of each sample's start")
    func averagesAcrossSources() {
        let samples = [
            f.sample(f.watch, (10, 0), (10, 0), 60), f.sample(f.watch, (10, 5), (10, 5), 70),
            f.sample(f.phone, (10, 2), (10, 2), 80), f.sample(f.pedometer, (23, 59), (24, 1), 90),
        ]
        let result = DiscreteStatistics.buckets(samples, periods: [.hour, .day], zones: f.zones)
        // Day: (60 + 70 + 80 + 90) / 4 = 75, minimum 60, maximum 90, 4 samples; the 23:59-00:01 one is May 10's.
        let day = result[.day]!
        #expect(day.count == 1)
        #expect(day[0].average == 75)
        #expect(day[0].minimum == 60)
        #expect(day[0].maximum == 90)
        #expect(day[0].count == 4)
        // The 10:00 hour: (60 + 70 + 80) / 3 = 70 over three samples of two sources.
        let hour = result[.hour]!.first { $0.label == "2024-05-10T10:00" }!
        #expect(hour.average == 70)
        #expect(hour.count == 3)
    }
}
