#if PostgreSQL
/// The PostgreSQL store's schema: the SQLite store's tables, views, anchors and import log with
/// a `person` column, built by named migrations; documented in `docs/schema-postgres.md`.
public enum PostgresSchema {
    /// The migrations, in order. Never edit a shipped one: add a new one, whose tables give their
    /// text columns `COLLATE "C"` (see `textInByteOrder`).
    static let migrations: [(name: String, sql: [String])] =
        shippedMigrations + [("v14-text-in-byte-order", textInByteOrder(of: shippedMigrations))]

    /// The migrations before `v14-text-in-byte-order`, whose tables it changes.
    private static let shippedMigrations: [(name: String, sql: [String])] = [
        ("v1-records", v1RecordTables.map(\.createSQL) + recordIndexes),
        ("v1-workouts", workoutTables.map(\.createSQL) + workoutIndexes),
        ("v1-imports-anchors", bookkeeping),
        ("v1-views", views),
        ("v1-people", people),
        ("v2-corrections", corrections),
        ("v2-views", currentViews),
        ("v3-one-profile", oneProfile),
        ("v4-sync-versions", syncVersions),
        ("v5-workout-corrections", correctionTables.map(\.createSQL)),
        ("v6-views", recordViews),
        ("v7-statistics", statisticsTables + statisticsViews),
        ("v8-keys-erasures", keys),
        ("v9-webhooks", webhooks),
        ("v10-person-first-imports", personFirstImports),
        ("v11-resumable-uploads", resumableUploads),
        ("v12-phone-samples", phoneSamples),
        ("v13-heartbeat-series", heartbeatSeriesMigration),
    ]

    /// The sample header's columns, after `person`.
    static func header(type: String = "type") -> [String] {
        [
            "uuid t!", "\(type) t!", "source_name t", "source_version t", "device t", "creation_date t",
            "creation_unix i", "start_date t!", "start_unix i!", "end_date t!", "end_unix i!",
        ]
    }

    static let quantitySamples = PostgresTable(
        "quantity_samples", header() + ["value r", "unit t", "value_text t"], key: ["type", "start_unix", "uuid"],
        returning: "uuid")
    static let heartbeats = PostgresTable(
        "heartbeats", ["sample_uuid t!", "position i!", "bpm r!", "time_unix_ms i", "written_time t"],
        key: ["sample_uuid", "position"])
    static let weightSamples = PostgresTable(
        "weight_samples", header() + ["kilograms r!", "value r!", "unit t!"], key: ["uuid"], returning: "uuid")
    static let categorySamples = PostgresTable(
        "category_samples", header() + ["value t", "raw_value i"], key: ["type", "start_unix", "uuid"],
        returning: "uuid")
    static let correlations = PostgresTable("correlations", header(), key: ["uuid"], returning: "uuid")
    static let correlationMembers = PostgresTable(
        "correlation_members", ["correlation_uuid t!", "member_uuid t!", "member_kind t!"],
        key: ["correlation_uuid", "member_uuid"])
    static let metadata = PostgresTable(
        "metadata", ["record_uuid t!", "position i!", "key t!", "value t!"], key: ["record_uuid", "position"])
    static let activitySummaries = PostgresTable(
        "activity_summaries",
        [
            "uuid t!", "day t!", "start_unix i!", "active_energy_burned r", "active_energy_burned_goal r",
            "active_energy_burned_unit t", "move_time r", "move_time_goal r", "exercise_time r",
            "exercise_time_goal r", "stand_hours r", "stand_hours_goal r",
        ], key: ["uuid"], returning: "uuid")
    static let electrocardiograms = PostgresTable(
        "electrocardiograms",
        [
            "uuid t!", "file_path t!", "recorded_date t!", "recorded_unix i!", "end_date t!", "end_unix i!",
            "classification t", "symptoms t", "software_version t", "device t", "sample_rate_hz r", "lead t",
            "unit t", "sample_count i!", "samples t!",
        ], key: ["uuid"], returning: "uuid")
    static let clinicalRecords = PostgresTable(
        "clinical_records",
        [
            "uuid t!", "type t!", "identifier t!", "source_name t!", "source_url t", "fhir_version t",
            "received_date t", "received_unix i", "resource_file_path t",
        ], key: ["uuid"], returning: "uuid")
    static let audiograms = PostgresTable("audiograms", header() + ["points t!"], key: ["uuid"], returning: "uuid")
    static let visionPrescriptions = PostgresTable(
        "vision_prescriptions",
        [
            "uuid t!", "type t!", "issued_date t", "issued_unix i", "expiration_date t", "expiration_unix i",
            "brand t", "right_eye t!", "left_eye t!", "attachments t!",
        ], key: ["uuid"], returning: "uuid")
    static let exports = PostgresTable(
        "exports", ["uuid t!", "export_date t", "export_unix i", "locale t", "version i", "profile t!"],
        key: ["uuid"], returning: "uuid")

    /// The record tables as `v1-records` made them.
    static let v1RecordTables = [
        quantitySamples, heartbeats, weightSamples, categorySamples, correlations, correlationMembers, metadata,
        activitySummaries, electrocardiograms, clinicalRecords, audiograms, visionPrescriptions, exports,
    ]
    /// The record tables the writer fills: those of `v1-records`, the beats a series per sample
    /// since `v13-heartbeat-series`.
    static let recordTables = v1RecordTables.map { $0.name == heartbeats.name ? heartbeatSeries : $0 }
    static let recordIndexes = [
        "CREATE INDEX weight_samples_by_start ON weight_samples (person, start_unix)",
        "CREATE INDEX correlations_by_type_start ON correlations (person, type, start_unix)",
        "CREATE INDEX correlation_members_by_member ON correlation_members (person, member_uuid)",
        "CREATE INDEX activity_summaries_by_day ON activity_summaries (person, day)",
        "CREATE INDEX electrocardiograms_by_recorded ON electrocardiograms (person, recorded_unix)",
    ]

    static let workouts = PostgresTable(
        "workouts",
        header(type: "activity_type") + [
            "duration r", "duration_unit t", "total_distance r", "total_distance_unit t", "total_energy_burned r",
            "total_energy_burned_unit t",
        ], key: ["uuid"], returning: "uuid")
    static let workoutActivities = PostgresTable(
        "workout_activities",
        [
            "workout_uuid t!", "position i!", "activity_uuid t!", "start_date t!", "start_unix i!", "end_date t",
            "end_unix i", "duration r", "duration_unit t", "metadata t",
        ], key: ["workout_uuid", "position"])
    static let workoutEvents = PostgresTable(
        "workout_events",
        [
            "workout_uuid t!", "activity_position i!", "position i!", "type t!", "date t!", "date_unix i!",
            "duration r", "duration_unit t", "metadata t",
        ], key: ["workout_uuid", "activity_position", "position"])
    static let workoutStatistics = PostgresTable(
        "workout_statistics",
        [
            "workout_uuid t!", "activity_position i!", "position i!", "type t!", "start_date t", "start_unix i",
            "end_date t", "end_unix i", "average r", "minimum r", "maximum r", "sum r", "unit t",
        ], key: ["workout_uuid", "activity_position", "position"])
    static let workoutRoutes = PostgresTable(
        "workout_routes",
        [
            "workout_uuid t!", "position i!", "source_name t", "source_version t", "creation_date t",
            "creation_unix i", "start_date t", "start_unix i", "end_date t", "end_unix i", "file_paths t!",
            "metadata t",
        ], key: ["workout_uuid", "position"])
    static let routes = PostgresTable(
        "routes",
        [
            "uuid t!", "workout_activity_type t!", "workout_start_date t!", "workout_start_unix i!", "file_path t",
            "source_name t", "start_date t", "start_unix i", "end_date t", "end_unix i", "point_count i!",
        ], key: ["uuid"], returning: "uuid")
    static let routePoints = PostgresTable(
        "route_points",
        [
            "route_uuid t!", "position i!", "time_date t", "time_unix i", "latitude r!", "longitude r!",
            "elevation r", "speed r", "course r", "horizontal_accuracy r", "vertical_accuracy r",
        ], key: ["route_uuid", "position"])

    static let workoutTables = [
        workouts, workoutActivities, workoutEvents, workoutStatistics, workoutRoutes, routes, routePoints,
    ]
    static let workoutIndexes = [
        "CREATE INDEX workouts_by_start ON workouts (person, start_unix)",
        "CREATE INDEX workouts_by_type_start ON workouts (person, activity_type, start_unix)",
        "CREATE INDEX routes_by_workout_start ON routes (person, workout_start_unix)",
    ]

    static let bookkeeping = [
        """
        CREATE TABLE imports (
            id BIGSERIAL PRIMARY KEY,
            person TEXT NOT NULL,
            input TEXT NOT NULL,
            signature TEXT,
            export_date TEXT,
            export_unix BIGINT,
            export_version BIGINT,
            export_locale TEXT,
            "window" TEXT NOT NULL,
            window_start_unix BIGINT,
            started TEXT NOT NULL,
            finished TEXT,
            outcome TEXT NOT NULL CHECK (outcome IN ('running', 'completed', 'interrupted', 'failed')),
            pid BIGINT,
            read_count BIGINT,
            new_count BIGINT,
            already_imported_count BIGINT,
            outside_window_count BIGINT,
            invalid_count BIGINT,
            counts TEXT,
            message TEXT
        )
        """,
        "CREATE INDEX imports_by_person_signature ON imports (person, signature)",
        """
        CREATE TABLE anchors (
            person TEXT NOT NULL,
            type TEXT NOT NULL,
            newest_creation_unix BIGINT NOT NULL,
            newest_creation_date TEXT,
            boundary_uuids TEXT NOT NULL,
            covered_start_unix BIGINT,
            covered_start_date TEXT,
            import_id BIGINT REFERENCES imports(id),
            updated TEXT,
            PRIMARY KEY (person, type)
        )
        """,
    ]

    /// The SQLite store's views, per person. `sleep_by_night` shifts each start by its written
    /// offset (the last six characters of `start_date`) and twelve hours back, as SQLite's does.
    static let views = [
        """
        CREATE VIEW weight_over_time AS
            SELECT person, substr(start_date, 1, 10) AS day, start_date, start_unix, kilograms, value, unit, source_name
            FROM weight_samples ORDER BY person, start_unix
        """,
        """
        CREATE VIEW daily_steps AS
            SELECT person, day, max(steps) AS steps, count(*) AS sources FROM (
                SELECT person, substr(start_date, 1, 10) AS day, source_name, sum(value) AS steps
                FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierStepCount'
                GROUP BY person, day, source_name) AS per_source
            GROUP BY person, day ORDER BY person, day
        """,
        """
        CREATE VIEW resting_heart_rate AS
            SELECT person, substr(start_date, 1, 10) AS day, avg(value) AS bpm, min(value) AS min_bpm, max(value) AS max_bpm
            FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate'
            GROUP BY person, day ORDER BY person, day
        """,
        """
        CREATE VIEW sleep_by_night AS
            SELECT person,
                to_char(to_timestamp(start_unix - 43200
                    + (CASE substr(start_date, 20, 1) WHEN '-' THEN -1 ELSE 1 END)
                    * (substr(start_date, 21, 2)::int * 3600 + substr(start_date, 24, 2)::int * 60)) AT TIME ZONE 'UTC',
                    'YYYY-MM-DD') AS night,
                value AS stage, round(sum(end_unix - start_unix) / 60.0, 1) AS minutes, count(*) AS samples
            FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis'
            GROUP BY person, night, stage ORDER BY person, night, stage
        """,
        """
        CREATE VIEW workout_overview AS
            SELECT person, substr(start_date, 1, 10) AS day, replace(activity_type, 'HKWorkoutActivityType', '') AS activity,
                start_date, end_date, round((end_unix - start_unix) / 60.0, 1) AS minutes,
                total_distance, total_distance_unit, total_energy_burned, total_energy_burned_unit, source_name, uuid
            FROM workouts ORDER BY person, start_unix
        """,
    ]

    /// The people of the sync server: their hashed API tokens and their backfill.
    static let people = [
        """
        CREATE TABLE people (
            name TEXT PRIMARY KEY,
            token_sha256 TEXT UNIQUE,
            created TEXT NOT NULL,
            backfill_complete BOOLEAN NOT NULL DEFAULT false,
            backfill_date TEXT,
            backfill_sample_count BIGINT,
            backfill_start TEXT,
            backfill_end TEXT
        )
        """
    ]
}
#endif
