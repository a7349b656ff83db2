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
}
