import HealthExport
import HealthWorkouts
import Testing

@Suite struct EventLapTests {
    static let start: Int64 = 1_735_722_000

    static func time(_ seconds: Int64) -> ExportTimestamp {
        ExportTimestamp(secondsSince1970: start + seconds, offsetMinutes: 60)
    }

    static func event(_ type: String, at seconds: Int64, minutes: Double? = nil) -> WorkoutEvent {
        WorkoutEvent(
            type: "HKWorkoutEventType" + type, date: time(seconds),
            duration: minutes.map { Measurement(value: $0, unit: "min") })
    }

    static func track(
        _ activity: String = "Running", seconds: Int64, duration: Double? = nil, meters: Double?, kilocalories: Double,
        metadata: [MetadataEntry] = [], events: [WorkoutEvent]
    ) -> WorkoutTrack {
        let header = SampleHeader(
            type: "HKWorkoutActivityType" + activity, sourceName: "Watch", startDate: time(0), endDate: time(seconds))
        return WorkoutTrack(
            workout: Workout(
                activityType: header.type, header: header,
                duration: duration.map { Measurement(value: $0, unit: "s") },
                totalDistance: meters.map { Measurement(value: $0, unit: "m") },
                totalEnergyBurned: Measurement(value: kilocalories, unit: "kcal"), metadata: metadata, events: events))
    }

    @Test("Kilometre and mile splits over one run: the laps follow the kilometres, the last piece is a lap too")
    func overlappingSplitSets() {
        // 2.5 km in 750 s, as an Apple Watch writes it: kilometre splits of 300 s and one mile
        // split of 483 s, both from the start, each set in time order.
        let events = [
            Self.event("Segment", at: 0, minutes: 5), Self.event("Segment", at: 0, minutes: 8.05),
            Self.event("Segment", at: 300, minutes: 5),
        ]
        let laps = Self.track(seconds: 750, meters: 2_500, kilocalories: 150, events: events).laps
        #expect(laps.map(\.start) == [Self.start, Self.start + 300, Self.start + 600])
        #expect(laps.map(\.seconds) == [300, 300, 150])
        #expect(laps.map(\.distanceMeters) == [1_000, 1_000, 500])
        #expect(laps.map(\.kilocalories) == [60, 60, 30])
        #expect(laps.map(\.origin) == [.segmentEvent, .segmentEvent, .betweenEvents])
    }

    @Test("A lap leaves out its pauses, and the laps' times make the written duration")
    func pausesLeftOut() {
        // Two laps of 600 s, the second paused for 120 s: 1,080 s of running.
        let events = [
            Self.event("Lap", at: 0, minutes: 10), Self.event("Lap", at: 600, minutes: 10),
            Self.event("Pause", at: 700), Self.event("Resume", at: 820),
        ]
        let laps = Self.track(seconds: 1_200, duration: 1_080, meters: 3_600, kilocalories: 270, events: events).laps
        #expect(laps.map(\.seconds) == [600, 480])
        #expect(laps.map(\.distanceMeters) == [2_000, 1_600])
        #expect(laps.map(\.kilocalories) == [150, 120])
    }

    @Test("A warm-up before the first lap event and a gap of a few seconds between two")
    func gapsBecomeLaps() {
        let events = [Self.event("Lap", at: 300, minutes: 5), Self.event("Lap", at: 603, minutes: 5)]
        let laps = Self.track(seconds: 900, meters: nil, kilocalories: 90, events: events).laps
        // The 3 s between the laps join the second; nothing is left after it.
        #expect(laps.map(\.start) == [Self.start, Self.start + 300, Self.start + 600])
        #expect(laps.map(\.seconds) == [300, 300, 300])
        #expect(laps.map(\.origin) == [.betweenEvents, .lapEvent, .lapEvent])
    }

    @Test("In a pool, each lap event is a length of the pool and the time between them rest")
    func poolLengths() {
        // Four 25 m lengths with a rest between the second and the third; lengths that run a
        // few seconds into the next one, as Apple writes them, still count as one after another.
        let events = [
            Self.event("Lap", at: 0, minutes: 0.75), Self.event("Lap", at: 43, minutes: 0.75),
            Self.event("Lap", at: 180, minutes: 0.7), Self.event("Lap", at: 222, minutes: 0.7),
        ]
        let laps = Self.track(
            "Swimming", seconds: 264, meters: 100, kilocalories: 26.4,
            metadata: [MetadataEntry(key: "HKLapLength", value: "25 m")],
            events: events
        ).laps
        #expect(laps.map(\.origin) == [.lapEvent, .lapEvent, .betweenEvents, .lapEvent, .lapEvent])
        #expect(laps.map(\.distanceMeters) == [25, 25, 0, 25, 25])
        #expect(laps.reduce(0) { $0 + $1.seconds } == 264)
    }
}
