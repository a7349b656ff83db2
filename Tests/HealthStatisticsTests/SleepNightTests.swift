import HealthStatistics
import Testing

@Suite struct SleepNightTests {
    let f = Fixture()

    func sleep(_ source: Int32, _ stage: SleepStage, _ from: (Int, Int), _ to: (Int, Int)) -> SleepSample {
        SleepSample(
            start: Fixture.at(from.0, from.1), end: Fixture.at(to.0, to.1), stage: stage, source: source, zone: f.utc)
    }

    @Test("Phone in bed, Watch stages and an app's overlapping asleep make one night")
    func mergedNight() throws {
        let samples = [
            sleep(f.phone, .inBed, (22, 0), (30, 30)),
            sleep(f.watch, .core, (23, 0), (25, 0)), sleep(f.watch, .deep, (25, 0), (26, 0)),
            sleep(f.watch, .rem, (26, 0), (27, 0)), sleep(f.watch, .awake, (27, 0), (27, 10)),
            sleep(f.watch, .core, (27, 10), (30, 0)),
            sleep(f.sleepCycle, .unspecified, (22, 30), (30, 15)),
        ]
        let nights = SleepNights.nights(samples, priority: f.priority(), zones: f.zones)
        #expect(nights.count == 1)
        let night = try #require(nights.first)
        #expect(night.night == "2024-05-10")
        // In bed: the iPhone's 22:00-06:30, 510 minutes.
        #expect(night.minutes(.inBed) == 510)
        // Stages: the app alone 22:30-23:00 (30) and 06:00-06:15 (15), unspecified 45; the Watch 23:00-06:00:
        // core 120 + 170 = 290, deep 60, REM 60, awake 10 (its "awake" at 3:00 wins over the app's "asleep").
        #expect(night.minutes(.unspecified) == 45)
        #expect(night.minutes(.core) == 290)
        #expect(night.minutes(.deep) == 60)
        #expect(night.minutes(.rem) == 60)
        #expect(night.minutes(.awake) == 10)
        // Asleep: 45 + 290 + 60 + 60 = 455 (not 455 + the app's 465 overlapping minutes).
        #expect(night.asleepMinutes == 455)
        // First and last asleep instants: the app's 22:30 and 06:15.
        #expect(night.startText == "2024-05-10T22:30:00+00:00")
        #expect(night.endText == "2024-05-11T06:15:00+00:00")
        // Sources: iPhone 510 in bed, Watch 420 of stages, Sleep Cycle 45.
        let minutes = Dictionary(
            uniqueKeysWithValues: night.sources.map { (Fixture.sources[Int($0.source)].name, $0.amount / 60) })
        #expect(minutes == ["Jo’s iPhone": 510, "Jo’s Apple Watch": 420, "Sleep Cycle": 45])
    }

    @Test("A night runs from noon to noon, by each sample's start")
    func noonToNoon() {
        // Asleep 11:00-11:30 on May 11 belongs to the night of May 10; a nap at 13:00 on May 11 to that of May 11.
        let nights = SleepNights.nights(
            [sleep(f.watch, .core, (35, 0), (35, 30)), sleep(f.watch, .core, (37, 0), (37, 20))],
            priority: f.priority(),
            zones: f.zones)
        #expect(nights.map(\.night) == ["2024-05-10", "2024-05-11"])
        #expect(nights.map(\.asleepMinutes) == [30, 20])
    }

    @Test("Old numeric values and both names of unspecified sleep are read")
    func stageNames() {
        #expect(SleepStage(value: "HKCategoryValueSleepAnalysisAsleep") == .unspecified)
        #expect(SleepStage(value: "HKCategoryValueSleepAnalysisAsleepUnspecified") == .unspecified)
        #expect(SleepStage(value: "HKCategoryValueSleepAnalysisAsleepREM") == .rem)
        #expect(SleepStage(value: nil, rawValue: 0) == .inBed)
        #expect(SleepStage(value: nil, rawValue: 2) == .awake)
        #expect(SleepStage(value: "HKCategoryValueSleepAnalysisSomethingNew") == nil)
    }
}
