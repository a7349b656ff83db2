import HealthExport

/// What the first pass keeps of a workout: enough to recognise it in the second pass and to
/// know which samples it needs.
public struct WorkoutSpan: Sendable, Hashable {
    /// `workoutActivityType`.
    public var activityType: String
    /// The workout's source, whose samples it takes.
    public var sourceName: String
    /// Start, seconds since 1970.
    public var start: Int64
    /// End, seconds since 1970.
    public var end: Int64

    /// Creates a span.
    public init(activityType: String, sourceName: String, start: Int64, end: Int64) {
        self.activityType = activityType
        self.sourceName = sourceName
        self.start = start
        self.end = max(start, end)
    }

    /// The span of `workout`.
    public init(_ workout: Workout) {
        self.init(
            activityType: workout.activityType, sourceName: workout.header.sourceName,
            start: workout.header.startDate.secondsSince1970, end: workout.header.endDate.secondsSince1970)
    }

    /// The seconds whose samples the workout can use: from ``SampleSeries/maximumAge`` before its start to its end.
    var sampleRange: ClosedRange<Int64> { (start - SampleSeries.maximumAge)...end }
}
