import HealthParquetTables
import HealthQuery

/// The SQL that reads each table of a store as the columns of its Parquet table, in order,
/// current rows only (neither deleted by a later export nor replaced by a newer version): IDs
/// as text, instants as UTC microseconds, offsets in minutes from the written dates. One
/// description for both stores; what their SQL differs in is the ``StoreSQLDialect``'s.
package struct StoreTableQueries: Sendable {
    let dialect: StoreSQLDialect

    /// The queries in `dialect`.
    package init(_ dialect: StoreSQLDialect) {
        self.dialect = dialect
    }

    /// The condition of a current row of table alias `alias`, the person's only in PostgreSQL.
    func current(_ alias: String) -> String {
        "\(dialect.mineAnd(alias))\(alias).deleted_by IS NULL AND \(alias).replaced_by IS NULL"
    }

    /// The written UTC offset of `<alias>.<name>_date` in minutes.
    func offset(_ name: String, _ alias: String) -> String {
        dialect.offsetMinutes(date: "\(alias).\(name)_date", unix: "\(alias).\(name)_unix")
    }

    /// `<alias>.<name>_unix` as microseconds.
    func micros(_ name: String, _ alias: String) -> String {
        "\(alias).\(name)_unix * 1000000"
    }

    /// The sample header's columns of table alias `alias`, whose type column is `type`.
    func header(_ alias: String, type: String = "type") -> String {
        """
        \(alias).uuid, \(alias).\(type), \(alias).source_name, \(alias).source_version,
        \(dialect.jsonText("\(alias).device", "name")), \(dialect.jsonText("\(alias).device", "hardware")),
        \(micros("start", alias)), \(offset("start", alias)),
        \(micros("end", alias)), \(offset("end", alias)), \(micros("creation", alias))
        """
    }

    /// The workouts a child row belongs to, current ones only.
    var currentWorkouts: String { "(SELECT w.uuid FROM workouts w WHERE \(current("w")))" }

    /// Each record table with its query.
    package var all: [(table: ParquetTable, sql: String)] {
        [
            (
                .quantitySamples,
                "SELECT \(header("r")), r.value, r.unit, r.value_text FROM quantity_samples r WHERE \(current("r"))"
            ),
            (
                .categorySamples,
                "SELECT \(header("r")), r.value, r.raw_value FROM category_samples r WHERE \(current("r"))"
            ),
            (
                .weightSamples,
                "SELECT \(header("r")), r.kilograms, r.value, r.unit FROM weight_samples r WHERE \(current("r"))"
            ),
            (
                .workouts,
                """
                SELECT \(header("r", type: "activity_type")), r.duration, r.duration_unit, r.total_distance,
                    r.total_distance_unit, r.total_energy_burned, r.total_energy_burned_unit
                FROM workouts r WHERE \(current("r")) ORDER BY r.start_unix
                """
            ),
            (
                .workoutActivities,
                """
                SELECT a.workout_uuid, a.activity_uuid, a.position - 1, \(micros("start", "a")), \(offset("start", "a")),
                    \(micros("end", "a")), \(offset("end", "a")), a.duration, a.duration_unit
                FROM workout_activities a WHERE \(dialect.mineAnd("a"))a.workout_uuid IN \(currentWorkouts)
                ORDER BY a.workout_uuid, a.position
                """
            ),
            (
                .workoutEvents,
                """
                SELECT e.workout_uuid, a.activity_uuid, e.type, \(micros("date", "e")),
                    \(dialect.offsetMinutes(date: "e.date", unix: "e.date_unix")),
                    e.duration, e.duration_unit
                FROM workout_events e
                LEFT JOIN workout_activities a
                    ON a.workout_uuid = e.workout_uuid AND a.position = e.activity_position\(dialect.mine("a"))
                WHERE \(dialect.mineAnd("e"))e.workout_uuid IN \(currentWorkouts)
                ORDER BY e.workout_uuid, e.activity_position, e.position
                """
            ),
            (
                .workoutStatistics,
                """
                SELECT s.workout_uuid, a.activity_uuid, s.type, \(micros("start", "s")), \(offset("start", "s")),
                    \(micros("end", "s")), \(offset("end", "s")), s.average, s.minimum, s.maximum, s.sum, s.unit
                FROM workout_statistics s
                LEFT JOIN workout_activities a
                    ON a.workout_uuid = s.workout_uuid AND a.position = s.activity_position\(dialect.mine("a"))
                WHERE \(dialect.mineAnd("s"))s.workout_uuid IN \(currentWorkouts)
                ORDER BY s.workout_uuid, s.activity_position, s.position
                """
            ),
            (
                .routePoints,
                """
                SELECT p.route_uuid, r.workout_activity_type, \(micros("workout_start", "r")), r.file_path,
                    r.source_name, p.position, \(micros("time", "p")), \(offset("time", "p")),
                    p.latitude, p.longitude, p.elevation, p.speed, p.course, p.horizontal_accuracy, p.vertical_accuracy
                FROM routes r JOIN route_points p ON p.route_uuid = r.uuid\(dialect.mine("p"))
                WHERE \(current("r")) ORDER BY r.workout_start_unix, r.uuid, p.position
                """
            ),
            (
                .correlations,
                """
                WITH members AS (
                    SELECT q.uuid, q.type, q.value, q.unit FROM quantity_samples q
                    WHERE \(dialect.mineAnd("q"))(q.type LIKE 'HKQuantityTypeIdentifierBloodPressure%'
                        OR q.type LIKE 'HKQuantityTypeIdentifierDietary%')
                    UNION ALL SELECT w.uuid, w.type, w.value, w.unit FROM weight_samples w
                    WHERE \(dialect.mineAnd("w"))w.uuid IN (SELECT member_uuid FROM correlation_members)
                    UNION ALL SELECT k.uuid, k.type, NULL, NULL FROM category_samples k
                    WHERE \(dialect.mineAnd("k"))k.uuid IN (SELECT member_uuid FROM correlation_members)
                )
                SELECT \(header("c")), m.member_uuid, s.type, s.value, s.unit
                FROM correlations c
                LEFT JOIN correlation_members m ON m.correlation_uuid = c.uuid\(dialect.mine("m"))
                LEFT JOIN members s ON s.uuid = m.member_uuid
                WHERE \(current("c")) ORDER BY c.start_unix, c.uuid
                """
            ),
            (
                .activitySummaries,
                """
                SELECT r.uuid, \(dialect.daysSince1970("r.day")), r.active_energy_burned, r.active_energy_burned_goal,
                    r.active_energy_burned_unit, r.move_time, r.move_time_goal, r.exercise_time, r.exercise_time_goal,
                    r.stand_hours, r.stand_hours_goal
                FROM activity_summaries r WHERE \(current("r")) ORDER BY r.day
                """
            ),
            (
                .electrocardiograms,
                """
                SELECT r.uuid, r.file_path, \(micros("recorded", "r")), \(offset("recorded", "r")), \(micros("end", "r")),
                    r.classification, r.symptoms, r.software_version, r.device, r.sample_rate_hz, r.lead, r.unit,
                    r.sample_count
                FROM electrocardiograms r WHERE \(current("r")) ORDER BY r.recorded_unix
                """
            ),
            (
                .heartbeats,
                """
                SELECT h.sample_uuid, h.position, h.bpm, h.time_unix_ms * 1000, \(offset("start", "q")), h.written_time
                FROM heartbeats h JOIN (
                    SELECT r.uuid, r.start_date, r.start_unix FROM quantity_samples r
                    WHERE r.type = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN' AND \(current("r"))
                ) q ON q.uuid = h.sample_uuid\(dialect.mine("h"))
                ORDER BY q.start_unix, h.sample_uuid, h.position
                """
            ),
        ] + metadataQueries
    }

    /// The metadata of each kind of record and of workout activities, current records only.
    var metadataQueries: [(table: ParquetTable, sql: String)] {
        [
            ("quantity", "quantity_samples"), ("category", "category_samples"), ("weight", "weight_samples"),
            ("correlation", "correlations"), ("workout", "workouts"),
        ].map { kind, table in
            (
                .metadata,
                """
                SELECT m.record_uuid, '\(kind)', m.key, m.value
                FROM (SELECT r.uuid FROM \(table) r WHERE \(current("r"))) r
                JOIN metadata m ON m.record_uuid = r.uuid\(dialect.mine("m"))
                ORDER BY m.record_uuid, m.position
                """
            )
        } + [
            (
                .metadata,
                """
                SELECT a.activity_uuid, 'workoutActivity', j.key, CAST(j.value AS TEXT)
                FROM workout_activities a CROSS JOIN \(dialect.jsonEntries("a", "metadata", as: "j"))
                WHERE \(dialect.mineAnd("a"))a.metadata IS NOT NULL AND a.workout_uuid IN \(currentWorkouts)
                ORDER BY a.workout_uuid, a.position, j.id
                """
            )
        ]
    }
}
