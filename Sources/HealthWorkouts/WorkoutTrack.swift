import HealthExport

/// A workout with everything its files are written from: the workout as read, its route's
/// points, and the heart-rate and cadence samples of its own source around it.
public struct WorkoutTrack: Sendable {
    /// The workout as the export wrote it.
    public var workout: Workout
    /// The route's points, one list per route file (or inline route), each in time order.
    public var segments: [[RoutePoint]]
    /// Heart-rate samples (beats per minute) of the workout's source, from a minute before its start to its end.
    public var heartRate: SampleSeries
    /// Cadence samples (revolutions or steps per minute) of the workout's source, when the export has them.
    public var cadence: SampleSeries
    /// Whether the workout has a route, whose points were read or not (JSON lines leave them).
    public var hasRouteNamed: Bool

    /// Creates a track.
    public init(
        workout: Workout, segments: [[RoutePoint]] = [], heartRate: SampleSeries = SampleSeries(),
        cadence: SampleSeries = SampleSeries(), hasRouteNamed: Bool? = nil
    ) {
        self.workout = workout
        self.segments = segments.filter { !$0.isEmpty }
        self.heartRate = heartRate
        self.cadence = cadence
        self.hasRouteNamed =
            hasRouteNamed ?? workout.routes.contains { !$0.filePaths.isEmpty || !$0.locations.isEmpty }
    }

    /// Start, seconds since 1970.
    public var start: Int64 { workout.header.startDate.secondsSince1970 }
    /// End, seconds since 1970.
    public var end: Int64 { workout.header.endDate.secondsSince1970 }

    /// Whether the workout has route points.
    public var hasRoute: Bool { !segments.isEmpty }

    /// The moving time in seconds: the written duration, else end minus start.
    public var durationSeconds: Double {
        if let duration = workout.duration {
            let (value, unit) = UnitConversion.toBase(duration.value, unit: duration.unit)
            if unit == "s" || unit.isEmpty { return value }
        }
        return Double(end - start)
    }

    /// The total distance in metres, when the export has one.
    public var distanceMeters: Double? { Self.meters(workout.totalDistance) }

    /// The active energy in kilocalories, when the export has it.
    public var energyKilocalories: Double? { Self.kilocalories(workout.totalEnergyBurned) }

    /// The workout-level heart-rate statistics, when written.
    var heartRateStatistics: WorkoutStatistics? {
        workout.statistics.first { $0.type == HeartRate.type }
    }

    /// The average heart rate: the workout's statistic, else the time-weighted mean of the samples.
    public var averageHeartRate: Double? {
        heartRateStatistics?.average.map { HeartRate.beatsPerMinute($0, unit: heartRateStatistics?.unit) }
            ?? heartRate.timeWeightedMean(from: start, to: end)
    }

    /// The maximum heart rate: the workout's statistic, else the highest sample during the workout.
    public var maximumHeartRate: Double? {
        heartRateStatistics?.maximum.map { HeartRate.beatsPerMinute($0, unit: heartRateStatistics?.unit) }
            ?? heartRate.slice(from: start, through: end).map(\.value).max()
    }

    static func meters(_ measurement: HealthExport.Measurement?) -> Double? {
        guard let measurement else { return nil }
        let (value, unit) = UnitConversion.toBase(measurement.value, unit: measurement.unit)
        return unit == "m" || unit.isEmpty ? value : nil
    }

    static func kilocalories(_ measurement: HealthExport.Measurement?) -> Double? {
        guard let measurement else { return nil }
        let (value, unit) = UnitConversion.toBase(measurement.value, unit: measurement.unit)
        return unit == "kcal" || unit.isEmpty ? value : nil
    }
}

extension SampleSeries {
    /// The mean of the values over `start..<end`, each weighted by the seconds it holds (see ``pieces(from:to:)``).
    public func timeWeightedMean(from start: Int64, to end: Int64) -> Double? {
        let pieces = pieces(from: start, to: end)
        let seconds = pieces.reduce(0) { $0 + $1.seconds }
        guard seconds > 0 else { return nil }
        return pieces.reduce(0) { $0 + $1.value * Double($1.seconds) } / Double(seconds)
    }
}
