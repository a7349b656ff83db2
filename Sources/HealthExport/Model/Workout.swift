/// A value with its unit as written, and the same value in the unit this project stores.
public struct Measurement: Sendable, Equatable {
    /// The number as written.
    public var value: Double
    /// The unit as written (`km`, `Cal`, `min`).
    public var unit: String?

    /// Creates a measurement.
    public init(value: Double, unit: String?) {
        self.value = value
        self.unit = unit
    }
}

/// A `Workout` with everything nested in it.
public struct Workout: Sendable, Equatable {
    /// `workoutActivityType`, e.g. `HKWorkoutActivityTypeRunning`.
    public var activityType: String
    /// Source, device and dates; `header.type` equals ``activityType``.
    public var header: SampleHeader
    /// The duration as written (`duration`, `durationUnit`).
    public var duration: Measurement?
    /// Total distance: the sum of the workout-level distance statistic, else the old `totalDistance` attribute.
    public var totalDistance: Measurement?
    /// Total active energy: the workout-level `ActiveEnergyBurned` statistic's sum, else `totalEnergyBurned`.
    public var totalEnergyBurned: Measurement?
    /// Workout-level metadata.
    public var metadata: [MetadataEntry]
    /// Workout-level events (pause, resume, lap, segment, ...).
    public var events: [WorkoutEvent]
    /// Workout-level statistics.
    public var statistics: [WorkoutStatistics]
    /// Activities of multisport or interval workouts (iOS 16+), each with its own events and statistics.
    public var activities: [WorkoutActivity]
    /// Routes: file references, or inline points in old exports.
    public var routes: [WorkoutRoute]
    /// Zone groups (iOS 26 `WorkoutZoneGroup`).
    public var zoneGroups: [WorkoutZoneGroup] = []

    /// Creates a workout.
    public init(
        activityType: String, header: SampleHeader, duration: Measurement? = nil, totalDistance: Measurement? = nil,
        totalEnergyBurned: Measurement? = nil, metadata: [MetadataEntry] = [], events: [WorkoutEvent] = [],
        statistics: [WorkoutStatistics] = [], activities: [WorkoutActivity] = [], routes: [WorkoutRoute] = []
    ) {
        self.activityType = activityType
        self.header = header
        self.duration = duration
        self.totalDistance = totalDistance
        self.totalEnergyBurned = totalEnergyBurned
        self.metadata = metadata
        self.events = events
        self.statistics = statistics
        self.activities = activities
        self.routes = routes
    }
}

/// A `WorkoutEvent`.
public struct WorkoutEvent: Sendable, Equatable {
    /// `HKWorkoutEventTypePause`, `...Resume`, `...Lap`, `...Marker`, `...Segment`, ...
    public var type: String
    /// When it happened.
    public var date: ExportTimestamp
    /// How long it lasted, for laps and segments.
    public var duration: Measurement?
    /// The event's metadata.
    public var metadata: [MetadataEntry]

    /// Creates an event.
    public init(type: String, date: ExportTimestamp, duration: Measurement? = nil, metadata: [MetadataEntry] = []) {
        self.type = type
        self.date = date
        self.duration = duration
        self.metadata = metadata
    }
}

/// A `WorkoutStatistics`: aggregate values of one quantity type over a workout or activity.
public struct WorkoutStatistics: Sendable, Equatable {
    /// The quantity type, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String
    /// Start of the aggregated interval (some hand-written exports omit it).
    public var startDate: ExportTimestamp?
    /// End of the aggregated interval.
    public var endDate: ExportTimestamp?
    /// Average, for discrete types.
    public var average: Double?
    /// Minimum, for discrete types.
    public var minimum: Double?
    /// Maximum, for discrete types.
    public var maximum: Double?
    /// Sum, for cumulative types.
    public var sum: Double?
    /// The unit of all four values.
    public var unit: String?

    /// Creates statistics.
    public init(
        type: String, startDate: ExportTimestamp? = nil, endDate: ExportTimestamp? = nil, average: Double? = nil,
        minimum: Double? = nil, maximum: Double? = nil, sum: Double? = nil, unit: String? = nil
    ) {
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.sum = sum
        self.unit = unit
    }
}

/// A `WorkoutActivity`: one leg of a multisport or interval workout.
public struct WorkoutActivity: Sendable, Equatable {
    /// The activity's own UUID, as the export wrote it.
    public var uuid: String
    /// When it starts.
    public var startDate: ExportTimestamp
    /// When it ends.
    public var endDate: ExportTimestamp?
    /// Its duration as written.
    public var duration: Measurement?
    /// Its metadata (`HKActivityType`, `HKIndoorWorkout`, ...).
    public var metadata: [MetadataEntry]
    /// Its own events.
    public var events: [WorkoutEvent]
    /// Its own statistics.
    public var statistics: [WorkoutStatistics]

    /// Creates an activity.
    public init(
        uuid: String, startDate: ExportTimestamp, endDate: ExportTimestamp? = nil, duration: Measurement? = nil,
        metadata: [MetadataEntry] = [], events: [WorkoutEvent] = [], statistics: [WorkoutStatistics] = []
    ) {
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.metadata = metadata
        self.events = events
        self.statistics = statistics
    }
}

/// A `WorkoutRoute`: where a workout went, as GPX file references or inline points.
public struct WorkoutRoute: Sendable, Equatable {
    /// The app that recorded the route.
    public var sourceName: String?
    /// The source's version.
    public var sourceVersion: String?
    /// When the route was saved.
    public var creationDate: ExportTimestamp?
    /// Route start.
    public var startDate: ExportTimestamp?
    /// Route end.
    public var endDate: ExportTimestamp?
    /// The route's metadata.
    public var metadata: [MetadataEntry]
    /// `FileReference` paths as written (`/workout-routes/route_2019-06-11_3.00pm.gpx`).
    public var filePaths: [String]
    /// Inline `Location` points of old exports.
    public var locations: [RoutePoint]

    /// Creates a route.
    public init(
        sourceName: String? = nil, sourceVersion: String? = nil, creationDate: ExportTimestamp? = nil,
        startDate: ExportTimestamp? = nil, endDate: ExportTimestamp? = nil, metadata: [MetadataEntry] = [],
        filePaths: [String] = [], locations: [RoutePoint] = []
    ) {
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.metadata = metadata
        self.filePaths = filePaths
        self.locations = locations
    }
}

/// One point of a route: from a GPX `trkpt` or an old export's `Location`.
public struct RoutePoint: Sendable, Equatable {
    /// When the point was recorded.
    public var time: ExportTimestamp?
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// Elevation in metres.
    public var elevation: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// Course in degrees.
    public var course: Double?
    /// Horizontal accuracy in metres.
    public var horizontalAccuracy: Double?
    /// Vertical accuracy in metres.
    public var verticalAccuracy: Double?

    /// Creates a point.
    public init(
        time: ExportTimestamp?, latitude: Double, longitude: Double, elevation: Double? = nil, speed: Double? = nil,
        course: Double? = nil, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }
}

/// The points of one route, yielded as a record of its own (`kind: route`).
public struct RouteTrack: Sendable, Equatable {
    /// The type name routes carry in JSON lines and the store.
    public static let typeIdentifier = "HKWorkoutRoute"
    /// The route file's path as the export referenced it, or `nil` for inline points.
    public var filePath: String?
    /// The source that recorded the route.
    public var sourceName: String?
    /// The workout's activity type.
    public var workoutActivityType: String
    /// The workout's start, which ties the route to its workout.
    public var workoutStart: ExportTimestamp
    /// First point's time, else the route's start.
    public var startDate: ExportTimestamp?
    /// Last point's time, else the route's end.
    public var endDate: ExportTimestamp?
    /// The points in order.
    public var points: [RoutePoint]

    /// Creates a route track.
    public init(
        filePath: String?, sourceName: String?, workoutActivityType: String, workoutStart: ExportTimestamp,
        startDate: ExportTimestamp?, endDate: ExportTimestamp?, points: [RoutePoint]
    ) {
        self.filePath = filePath
        self.sourceName = sourceName
        self.workoutActivityType = workoutActivityType
        self.workoutStart = workoutStart
        self.startDate = startDate
        self.endDate = endDate
        self.points = points
    }
}
