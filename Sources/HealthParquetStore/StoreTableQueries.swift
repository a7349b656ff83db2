import HealthParquetTables

/// The SQL that reads each table of an SQLite store as the columns of its Parquet table, in
/// order, current rows only (neither deleted by a later export nor replaced by a newer version):
/// IDs as text, instants as UTC microseconds, offsets in minutes from the written dates.
enum StoreTableQueries {
    static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    /// The written UTC offset of `<name>_date` in minutes: its wall clock less its instant.
    static func offset(_ name: String, prefix: String = "") -> String {
        "CAST(round((julianday(substr(\(prefix)\(name)_date, 1, 19)) - julianday(\(prefix)\(name)_unix, 'unixepoch')) * 1440) AS INTEGER)"
    }

    /// `<name>_unix` as microseconds.
    static func micros(_ name: String, prefix: String = "") -> String {
        "\(prefix)\(name)_unix * 1000000"
    }

    /// The sample header's columns of a table whose type column is `type`.
    static func header(type: String = "type", prefix: String = "") -> String {
        """
        \(prefix)uuid, \(prefix)\(type), \(prefix)source_name, \(prefix)source_version,
        json_extract(\(prefix)device, '$.name'), json_extract(\(prefix)device, '$.hardware'),
        \(micros("start", prefix: prefix)), \(offset("start", prefix: prefix)),
        \(micros("end", prefix: prefix)), \(offset("end", prefix: prefix)), \(micros("creation", prefix: prefix))
        """
    }

    /// The workouts a child row belongs to, current ones only.
    static let currentWorkouts = "(SELECT uuid FROM workouts WHERE \(current))"

    /// Each record table with its query.
    static let all: [(table: ParquetTable, sql: String)] =
        [
            (.quantitySamples, "SELECT \(header()), value, unit, value_text FROM quantity_samples WHERE \(current)"),
            (.categorySamples, "SELECT \(header()), value, raw_value FROM category_samples WHERE \(current)"),
            (.weightSamples, "SELECT \(header()), kilograms, value, unit FROM weight_samples WHERE \(current)"),
            (
                .workouts,
                """
                SELECT \(header(type: "activity_type")), duration, duration_unit, total_distance, total_distance_unit,
                    total_energy_burned, total_energy_burned_unit
                FROM workouts WHERE \(current) ORDER BY start_unix
                """
            ),
            (
                .workoutActivities,
                """
                SELECT workout_uuid, activity_uuid, position - 1, \(micros("start")), \(offset("start")),
                    \(micros("end")), \(offset("end")), duration, duration_unit
                FROM workout_activities WHERE workout_uuid IN \(currentWorkouts) ORDER BY workout_uuid, position
                """
            ),
            (
                .workoutEvents,
                """
                SELECT e.workout_uuid, a.activity_uuid, e.type, \(micros("date", prefix: "e.")),
                    CAST(round((julianday(substr(e.date, 1, 19)) - julianday(e.date_unix, 'unixepoch')) * 1440) AS INTEGER),
                    e.duration, e.duration_unit
                FROM workout_events e
                LEFT JOIN workout_activities a ON a.workout_uuid = e.workout_uuid AND a.position = e.activity_position
                WHERE e.workout_uuid IN \(currentWorkouts) ORDER BY e.workout_uuid, e.activity_position, e.position
                """
            ),
            (
                .workoutStatistics,
                """
                SELECT s.workout_uuid, a.activity_uuid, s.type, \(micros("start", prefix: "s.")),
                    \(offset("start", prefix: "s.")), \(micros("end", prefix: "s.")), \(offset("end", prefix: "s.")),
                    s.average, s.minimum, s.maximum, s.sum, s.unit
                FROM workout_statistics s
                LEFT JOIN workout_activities a ON a.workout_uuid = s.workout_uuid AND a.position = s.activity_position
                WHERE s.workout_uuid IN \(currentWorkouts) ORDER BY s.workout_uuid, s.activity_position, s.position
                """
            ),
            (
                .routePoints,
                """
                SELECT p.route_uuid, r.workout_activity_type, \(micros("workout_start", prefix: "r.")), r.file_path,
                    r.source_name, p.position, \(micros("time", prefix: "p.")), \(offset("time", prefix: "p.")),
                    p.latitude, p.longitude, p.elevation, p.speed, p.course, p.horizontal_accuracy, p.vertical_accuracy
                FROM routes r JOIN route_points p ON p.route_uuid = r.uuid
                WHERE r.deleted_by IS NULL AND r.replaced_by IS NULL ORDER BY r.workout_start_unix, r.uuid, p.position
                """
            ),
            (
                .correlations,
                """
                WITH members AS (
                    SELECT uuid, type, value, unit FROM quantity_samples
                    WHERE type LIKE 'HKQuantityTypeIdentifierBloodPressure%' OR type LIKE 'HKQuantityTypeIdentifierDietary%'
                    UNION ALL SELECT uuid, type, value, unit FROM weight_samples
                    WHERE uuid IN (SELECT member_uuid FROM correlation_members)
                    UNION ALL SELECT uuid, type, NULL, NULL FROM category_samples
                    WHERE uuid IN (SELECT member_uuid FROM correlation_members)
                )
                SELECT \(header(prefix: "c.")), m.member_uuid, s.type, s.value, s.unit
                FROM correlations c
                LEFT JOIN correlation_members m ON m.correlation_uuid = c.uuid
                LEFT JOIN members s ON s.uuid = m.member_uuid
                WHERE c.deleted_by IS NULL AND c.replaced_by IS NULL ORDER BY c.start_unix, c.uuid
                """
            ),
            (
                .activitySummaries,
                """
                SELECT uuid, CAST(julianday(day) - 2440587.5 AS INTEGER), active_energy_burned, active_energy_burned_goal,
                    active_energy_burned_unit, move_time, move_time_goal, exercise_time, exercise_time_goal, stand_hours,
                    stand_hours_goal
                FROM activity_summaries WHERE \(current) ORDER BY day
                """
            ),
            (
                .electrocardiograms,
                """
                SELECT uuid, file_path, \(micros("recorded")), \(offset("recorded")), \(micros("end")), classification,
                    symptoms, software_version, device, sample_rate_hz, lead, unit, sample_count
                FROM electrocardiograms WHERE \(current) ORDER BY recorded_unix
                """
            ),
            (
                .heartbeats,
                """
                SELECT h.sample_uuid, h.position, h.bpm, h.time_unix_ms * 1000, \(offset("start", prefix: "q.")),
                    h.written_time
                FROM heartbeats h JOIN (
                    SELECT uuid, start_date, start_unix FROM quantity_samples
                    WHERE type = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN' AND \(current)
                ) q ON q.uuid = h.sample_uuid
                ORDER BY q.start_unix, h.sample_uuid, h.position
                """
            ),
        ] + metadataQueries

    /// The metadata of each kind of record and of workout activities, current records only.
    static let metadataQueries: [(table: ParquetTable, sql: String)] =
        [
            ("quantity", "quantity_samples"), ("category", "category_samples"), ("weight", "weight_samples"),
            ("correlation", "correlations"), ("workout", "workouts"),
        ].map { kind, table in
            (
                .metadata,
                """
                SELECT m.record_uuid, '\(kind)', m.key, m.value
                FROM (SELECT uuid FROM \(table) WHERE \(current)) r JOIN metadata m ON m.record_uuid = r.uuid
                ORDER BY m.record_uuid, m.position
                """
            )
        } + [
            (
                .metadata,
                """
                SELECT a.activity_uuid, 'workoutActivity', j.key, CAST(j.value AS TEXT)
                FROM workout_activities a JOIN json_each(a.metadata) j
                WHERE a.metadata IS NOT NULL AND a.workout_uuid IN \(currentWorkouts)
                ORDER BY a.workout_uuid, a.position, j.id
                """
            )
        ]
}
