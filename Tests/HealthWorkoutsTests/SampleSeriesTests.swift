import HealthWorkouts
import Testing

@Suite struct SampleSeriesTests {
    let series = SampleSeries([
        TimedValue(time: 100, value: 120), TimedValue(time: 40, value: 90), TimedValue(time: 200, value: 150),
    ])

    @Test("The latest sample at or before an instant stands for it for at most 60 s")
    func latest() {
        #expect(series.latest(atOrBefore: 39) == nil)
        #expect(series.latest(atOrBefore: 40)?.value == 90)
        #expect(series.latest(atOrBefore: 99)?.value == 90)
        #expect(series.latest(atOrBefore: 100)?.value == 120)
        #expect(series.latest(atOrBefore: 160)?.value == 120)
        #expect(series.latest(atOrBefore: 161) == nil)
        #expect(series.latest(atOrBefore: 5000) == nil)
    }

    @Test("Pieces hold each value until the next sample, the end or 60 s, from a sample up to 60 s before the start")
    func pieces() {
        let pieces = series.pieces(from: 50, to: 230)
        #expect(pieces.map(\.value) == [90, 120, 150])
        #expect(pieces.map(\.seconds) == [50, 60, 30])
        #expect(series.pieces(from: 500, to: 600).isEmpty)
        let weighted: Double = 90.0 * 50 + 120.0 * 60 + 150.0 * 30
        #expect(series.timeWeightedMean(from: 50, to: 230) == weighted / 140)
    }

    @Test("A slice takes the samples between two instants, both included")
    func slice() {
        #expect(series.slice(from: 40, through: 100).map(\.value) == [90, 120])
        #expect(series.slice(from: 41, through: 199).map(\.value) == [120])
        #expect(series.slice(from: 300, through: 400).isEmpty)
    }
}
