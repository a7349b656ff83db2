import HealthCore
import HealthExport
import HealthFixtures
import HealthWorkouts
import Testing

@Suite struct WorkoutReaderTests {
    private func read(
        _ export: WorkoutExport, window: ImportWindow = .all, activities: [String] = [],
        secondsPerPass: Int64 = WorkoutReader.Options.defaultWorkoutSecondsPerPass
    ) throws -> (tracks: [WorkoutTrack], summary: WorkoutReader.Summary) {
        let reader = WorkoutReader(
            package: try ExportPackage.open(export.exportFolder),
            options: WorkoutReader.Options(
                window: window, activities: ActivitySelection(names: activities), highestInYear: true,
                workoutSecondsPerPass: secondsPerPass))
        var tracks: [WorkoutTrack] = []
        let summary = try reader.read { track, _ in tracks.append(track) }
        return (tracks, summary)
    }

    @Test("Each workout gets its route and only its own source's samples, from a minute before its start")
    func samplesAndRoutes() throws {
        let export = try WorkoutExport()
        let (tracks, summary) = try read(export)
        #expect(
            tracks.map { ActivityName.fileName($0.workout.activityType) } == ["walking", "running", "cycling", "yoga"])
        #expect(summary.passes == 2)
        let run = try #require(tracks.first { $0.start == WorkoutExport.runStart })
        #expect(run.segments.map(\.count) == [451])
        // 168 watch samples during the run and none of the chest strap's 201s; the one two
        // minutes before the start lies outside the minute the run may look back.
        #expect(run.heartRate.values.count == 168)
        #expect(!run.heartRate.values.contains { $0.value == 201 })
        let points = run.trackPoints
        #expect(points.first?.heartRate == nil)
        #expect(points[2].heartRate == 120)
        // From 13:28 the watch wrote nothing for two minutes: points more than a minute after
        // its last sample carry no heart rate.
        let inGap = points.filter { point in
            let time = point.point.time!.secondsSince1970 - WorkoutExport.runStart
            return time > 656 && time < 725
        }
        #expect(!inGap.isEmpty && inGap.allSatisfy { $0.heartRate == nil })
        let ride = try #require(tracks.first { $0.start == WorkoutExport.rideStart })
        #expect(ride.cadence.values.count == 240)
        #expect(ride.trackPoints.filter { $0.cadence != nil }.count == ride.trackPoints.count)
        #expect(tracks.first { $0.start == WorkoutExport.yogaStart }?.hasRoute == false)
    }

    @Test("The default window, and --activity, leave workouts out")
    func selection() throws {
        let export = try WorkoutExport()
        #expect(try read(export, window: .standard).tracks.count == 3)
        #expect(try read(export, activities: ["running", "yoga"]).tracks.count == 2)
    }

    @Test("Workouts cut into many passes come out with the same samples as in one")
    func passes() throws {
        let export = try WorkoutExport()
        let one = try read(export)
        let many = try read(export, secondsPerPass: 1800)
        #expect(many.summary.passes == 5)
        let byStart = { (tracks: [WorkoutTrack]) in tracks.sorted { $0.start < $1.start }.map(\.heartRate) }
        #expect(byStart(one.tracks) == byStart(many.tracks))
    }

    @Test("Laps follow lap events, else cover the whole workout with its statistics")
    func laps() throws {
        let export = try WorkoutExport()
        let tracks = try read(export).tracks
        let run = try #require(tracks.first { $0.start == WorkoutExport.runStart })
        let runLaps = run.laps
        #expect(runLaps.map(\.seconds) == [600, 600, 600])
        #expect(abs(runLaps.reduce(0) { $0 + $1.kilocalories } - 410.5) < 1e-6)
        #expect(runLaps.allSatisfy { $0.distanceMeters > 0 && $0.maximumHeartRate != nil })
        let ride = try #require(tracks.first { $0.start == WorkoutExport.rideStart })
        let rideLaps = ride.laps
        #expect(rideLaps.count == 1)
        #expect(rideLaps.first?.distanceMeters == 15_300)
        #expect(abs((rideLaps.first?.kilocalories ?? 0) - 380) < 0.001)
        #expect(rideLaps.first?.averageHeartRate == 139.5)
    }

    @Test("Computed zones add up to the seconds the samples cover; Apple's zones are taken as written")
    func zones() throws {
        let export = try WorkoutExport()
        let run = try #require(try read(export).tracks.first { $0.start == WorkoutExport.runStart })
        let zones = try #require(HeartRateZones.computed(run, maximum: 186))
        #expect(zones.zones.count == 5)
        // 1800 s less the first 5 (no sample within a minute) and the 70 s of the gap not covered.
        #expect(zones.zones.reduce(0) { $0 + $1.seconds } == 1725)
        #expect(zones.zones.map { $0.maximum.map { ($0 * 10).rounded() / 10 } } == [111.6, 130.2, 148.8, 167.4, nil])
        let v14 = try ExportPackage.open(TestPython.packageRoot + "/SampleExports/zip/export.zip")
        var apple: HeartRateZones?
        _ = try WorkoutReader(package: v14, options: WorkoutReader.Options(window: .all, routes: false)).read {
            track, _ in
            if let zones = HeartRateZones.apple(track.workout) { apple = zones }
        }
        #expect(apple?.zones.map(\.seconds) == [672, 1494, 384])
        #expect(apple?.zones.first?.minimum == nil && apple?.zones.first?.maximum == 141)
    }
}
