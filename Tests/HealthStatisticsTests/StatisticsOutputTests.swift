import HealthStatistics
import Testing

@Suite struct StatisticsOutputTests {
    let f = Fixture()

    @Test("A cumulative line has type, start, end, sum, unit and the sources' contributions")
    func cumulativeLine() {
        let bucket = f.days([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 5), (10, 15), 300)])[0]
        let names = Fixture.sources.map(\.name)
        let line = StatisticsOutput.jsonLine(
            keys: StatisticsOutput.keys(.cumulative),
            values: StatisticsOutput.values(
                bucket, type: "HKQuantityTypeIdentifierStepCount", kind: .cumulative, unit: "count", sourceNames: names)
        )
        #expect(
            line
                == #"{"type":"HKQuantityTypeIdentifierStepCount","start":"2024-05-10T00:00:00+00:00","end":"2024-05-11T00:00:00+00:00","sum":750,"unit":"count","sources":{"Jo’s Apple Watch":600,"Jo’s iPhone":150}}"#
        )
    }

    @Test("CSV fields with commas or quotes are quoted")
    func csv() {
        #expect(StatisticsOutput.csvLine(["a", "b,c", "say \"hi\""]) == #"a,"b,c","say ""hi""""#)
        #expect(StatisticsOutput.number(266.666666) == "266.6667")
    }

    @Test("Stored rows give the lines computed ones give, under the same keys")
    func storedLines() {
        let steps = "HKQuantityTypeIdentifierStepCount"
        let cumulative = StatisticsOutput.storedBucket(
            type: steps, kind: .cumulative, start: "2024-05-10T00:00:00+00:00", end: "2024-05-11T00:00:00+00:00",
            sum: 750, average: nil, minimum: nil, maximum: nil, count: nil, unit: "count",
            sources: #"{"Jo’s Apple Watch":600,"Jo’s iPhone":150}"#)
        let bucket = f.days([f.sample(f.watch, (10, 0), (10, 10), 600), f.sample(f.phone, (10, 5), (10, 15), 300)])[0]
        let computed = StatisticsOutput.values(
            bucket, type: steps, kind: .cumulative, unit: "count", sourceNames: Fixture.sources.map(\.name))
        #expect(cumulative == computed)
        let discrete = StatisticsOutput.storedBucket(
            type: "HKQuantityTypeIdentifierHeartRate", kind: .discrete, start: "a", end: "b", sum: nil, average: 61.5,
            minimum: 50, maximum: 73, count: 4, unit: "count/min", sources: nil)
        #expect(
            StatisticsOutput.jsonLine(keys: StatisticsOutput.keys(.discrete), values: discrete)
                == #"{"type":"HKQuantityTypeIdentifierHeartRate","start":"a","end":"b","average":61.5,"minimum":50,"maximum":73,"count":4,"unit":"count/min"}"#
        )
        let night = StatisticsOutput.storedNight(
            night: "2024-05-10", start: "s", end: "e", minutes: [480, 450, 30, 200, 90, 160, 0], sources: "{}")
        #expect(night.count == StatisticsOutput.keys(.sleep).count)
        #expect(night[4] == .number(450) && night[10] == .rawJSON("{}"))
    }

    @Test("The statistics tables answer days and longer in the saved order; hours and other orders are computed")
    func storedRule() {
        func stored(_ kind: StatisticsKind, _ period: Period, preferred: [String]? = nil) -> Bool {
            ComputedStatistics(type: "t", period: period, since: nil, until: nil, preferred: preferred)
                .isStored(kind: kind)
        }
        #expect(stored(.cumulative, .day) && stored(.discrete, .month) && stored(.sleep, .day))
        #expect(!stored(.cumulative, .hour) && !stored(.discrete, .hour) && !stored(.discrete, .night))
        #expect(!stored(.cumulative, .day, preferred: ["Phone"]) && !stored(.sleep, .day, preferred: ["Phone"]))
        #expect(stored(.discrete, .week, preferred: ["Phone"]))
    }
}
