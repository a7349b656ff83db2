import HealthParquet

extension ParquetTable {
    /// The columns every sample table starts with: the record's ID, type, source and device, and its times.
    static let sampleHeader: [ParquetColumn] = [
        .uuid("uuid"),
        .string("type", nullable: false),
        .string("source"),
        .string("source_version"),
        .string("device"),
        .string("device_hardware"),
        .timestamp("start_time"),
        .int32("start_offset_minutes"),
        .timestamp("end_time"),
        .int32("end_offset_minutes"),
        .timestamp("created", nullable: true),
    ]

    /// `quantity_samples`: numeric samples other than body mass.
    public static let quantitySamples = ParquetTable(
        "quantity_samples",
        sampleHeader + [.double("value"), .string("unit"), .string("value_text", dictionary: false)])

    /// `category_samples`: sleep stages, stand hours and other named states.
    public static let categorySamples = ParquetTable(
        "category_samples", sampleHeader + [.string("value"), .int64("raw_value", nullable: true)])

    /// `weight_samples`: body mass, in kilograms and as written.
    public static let weightSamples = ParquetTable(
        "weight_samples",
        sampleHeader + [.double("kilograms", nullable: false), .double("value", nullable: false), .string("unit")])

    /// `correlations`: one row per member of each blood-pressure or food correlation (one row
    /// with empty member columns for a correlation without members).
    public static let correlations = ParquetTable(
        "correlations",
        sampleHeader + [
            .uuid("member_uuid", nullable: true), .string("member_type"), .double("member_value"),
            .string("member_unit"),
        ])

    /// `workouts`: one row per workout, with its totals as written.
    public static let workouts = ParquetTable(
        "workouts",
        sampleHeader + [
            .double("duration"), .string("duration_unit"), .double("total_distance"),
            .string("total_distance_unit"), .double("total_energy_burned"), .string("total_energy_burned_unit"),
        ])

    /// `workout_activities`: the legs of multisport and interval workouts.
    public static let workoutActivities = ParquetTable(
        "workout_activities",
        [
            .uuid("workout_uuid"), .uuid("uuid", nullable: true), .int64("index"), .timestamp("start_time"),
            .int32("start_offset_minutes"), .timestamp("end_time", nullable: true),
            .int32("end_offset_minutes", nullable: true), .double("duration"), .string("duration_unit"),
        ])

    /// `workout_events`: pauses, laps, segments and markers, of the workout or of one activity.
    public static let workoutEvents = ParquetTable(
        "workout_events",
        [
            .uuid("workout_uuid"), .uuid("activity_uuid", nullable: true), .string("type", nullable: false),
            .timestamp("date"), .int32("date_offset_minutes"), .double("duration"), .string("duration_unit"),
        ])

    /// `workout_statistics`: aggregates of one quantity type over a workout or one activity.
    public static let workoutStatistics = ParquetTable(
        "workout_statistics",
        [
            .uuid("workout_uuid"), .uuid("activity_uuid", nullable: true), .string("type", nullable: false),
            .timestamp("start_time", nullable: true), .int32("start_offset_minutes", nullable: true),
            .timestamp("end_time", nullable: true), .int32("end_offset_minutes", nullable: true), .double("average"),
            .double("minimum"), .double("maximum"), .double("sum"), .string("unit"),
        ])

    /// `route_points`: the points of every route, in order.
    public static let routePoints = ParquetTable(
        "route_points",
        [
            .uuid("route_uuid"), .string("workout_type", nullable: false), .timestamp("workout_start"),
            .string("file"), .string("source"), .int64("index"), .timestamp("time", nullable: true),
            .int32("time_offset_minutes", nullable: true), .double("latitude", nullable: false),
            .double("longitude", nullable: false), .double("elevation"), .double("speed"), .double("course"),
            .double("horizontal_accuracy"), .double("vertical_accuracy"),
        ])

    /// `activity_summaries`: the rings of each day.
    public static let activitySummaries = ParquetTable(
        "activity_summaries",
        [
            .uuid("uuid"), .date("date"), .double("active_energy_burned"), .double("active_energy_burned_goal"),
            .string("active_energy_burned_unit"), .double("move_time"), .double("move_time_goal"),
            .double("exercise_time"), .double("exercise_time_goal"), .double("stand_hours"),
            .double("stand_hours_goal"),
        ])

    /// `electrocardiograms`: one row per recording (its voltages are not written).
    public static let electrocardiograms = ParquetTable(
        "electrocardiograms",
        [
            .uuid("uuid"), .string("file", dictionary: false), .timestamp("start_time"), .int32("start_offset_minutes"),
            .timestamp("end_time"), .string("classification"), .string("symptoms"), .string("software_version"),
            .string("device"), .double("sample_rate_hertz"), .string("lead"), .string("unit"),
            .int64("sample_count"),
        ])

    /// `heartbeats`: the beat-to-beat heart rates of heart-rate-variability samples.
    public static let heartbeats = ParquetTable(
        "heartbeats",
        [
            .uuid("sample_uuid"), .int64("index"), .double("bpm", nullable: false),
            .timestamp("time", nullable: true), .int32("offset_minutes"),
            .string("written_time", nullable: false, dictionary: false),
        ])

    /// `metadata`: the `MetadataEntry` keys and values of samples, correlations, workouts and activities.
    public static let metadata = ParquetTable(
        "metadata",
        [
            .uuid("record_uuid"), .string("kind", nullable: false), .string("key", nullable: false),
            .string("value", nullable: false, dictionary: false),
        ])

    /// The tables an export's records fill, in the order they are listed.
    public static let recordTables: [ParquetTable] = [
        quantitySamples, categorySamples, weightSamples, workouts, workoutActivities, workoutEvents,
        workoutStatistics, routePoints, correlations, activitySummaries, electrocardiograms, heartbeats, metadata,
    ]
}
