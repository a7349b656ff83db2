import GRDB
import HealthCore

/// The store's schema, built by named migrations; documented in `docs/schema.md`.
///
/// Every date is stored twice: as ISO 8601 text with the offset the export wrote
/// (`start_date`, `2024-10-25T07:04:44-05:00`, whose first ten characters are the local day)
/// and as UTC seconds since 1970 (`start_unix`), so `sqlite3` alone answers questions.
public enum StoreSchema {
    /// `PRAGMA user_version` of the newest schema this build writes.
    public static let version = 4

    /// The migrations, in order. Never edit a shipped one: add a new one.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-records") { db in try db.execute(sql: recordTables) }
        migrator.registerMigration("v1-workouts") { db in try db.execute(sql: workoutTables) }
        migrator.registerMigration("v1-imports-anchors") { db in try db.execute(sql: bookkeepingTables) }
        migrator.registerMigration("v1-views") { db in
            try db.execute(sql: views)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        registerCorrections(&migrator)
        migrator.registerMigration("v3-statistics") { db in
            try db.execute(sql: statisticsTables)
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        registerMarkedIndexes(&migrator)
        registerProfile(&migrator)
        registerSampleKeys(&migrator)
        registerHeartbeatSeries(&migrator)
        registerClockMetadata(&migrator)
        return migrator
    }

    /// The columns every sample table starts with.
    ///
    /// With `keyed: false` the `uuid` is no primary key: the table's key is
    /// `(type, start_unix, uuid)` instead (see ``recordTables``).
    static func header(type: String = "type", keyed: Bool = true) -> String {
        """
        uuid TEXT \(keyed ? "PRIMARY KEY " : "")NOT NULL,
        \(type) TEXT NOT NULL,
        source_name TEXT,
        source_version TEXT,
        device TEXT,
        creation_date TEXT,
        creation_unix INTEGER,
        start_date TEXT NOT NULL,
        start_unix INTEGER NOT NULL,
        end_date TEXT NOT NULL,
        end_unix INTEGER NOT NULL
        """
    }

    static let recordTables = """
        CREATE TABLE quantity_samples (
            \(header(keyed: false)),
            value REAL,
            unit TEXT,
            value_text TEXT,
            PRIMARY KEY (type, start_unix, uuid)
        ) WITHOUT ROWID;
        CREATE TABLE heartbeats (
            sample_uuid TEXT NOT NULL,
            position INTEGER NOT NULL,
            bpm REAL NOT NULL,
            time_unix_ms INTEGER,
            written_time TEXT,
            PRIMARY KEY (sample_uuid, position)
        ) WITHOUT ROWID;
        CREATE TABLE weight_samples (
            \(header()),
            kilograms REAL NOT NULL,
            value REAL NOT NULL,
            unit TEXT NOT NULL
        );
        CREATE INDEX weight_samples_by_start ON weight_samples(start_unix);
        CREATE TABLE category_samples (
            \(header(keyed: false)),
            value TEXT,
            raw_value INTEGER,
            PRIMARY KEY (type, start_unix, uuid)
        ) WITHOUT ROWID;
        CREATE TABLE correlations (
            \(header())
        );
        CREATE INDEX correlations_by_type_start ON correlations(type, start_unix);
        CREATE TABLE correlation_members (
            correlation_uuid TEXT NOT NULL,
            member_uuid TEXT NOT NULL,
            member_kind TEXT NOT NULL,
            PRIMARY KEY (correlation_uuid, member_uuid)
        ) WITHOUT ROWID;
        CREATE INDEX correlation_members_by_member ON correlation_members(member_uuid);
        CREATE TABLE metadata (
            record_uuid TEXT NOT NULL,
            position INTEGER NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (record_uuid, position)
        ) WITHOUT ROWID;
        CREATE TABLE activity_summaries (
            uuid TEXT PRIMARY KEY NOT NULL,
            day TEXT NOT NULL,
            start_unix INTEGER NOT NULL,
            active_energy_burned REAL,
            active_energy_burned_goal REAL,
            active_energy_burned_unit TEXT,
            move_time REAL,
            move_time_goal REAL,
            exercise_time REAL,
            exercise_time_goal REAL,
            stand_hours REAL,
            stand_hours_goal REAL
        );
        CREATE INDEX activity_summaries_by_day ON activity_summaries(day);
        CREATE TABLE electrocardiograms (
            uuid TEXT PRIMARY KEY NOT NULL,
            file_path TEXT NOT NULL,
            recorded_date TEXT NOT NULL,
            recorded_unix INTEGER NOT NULL,
            end_date TEXT NOT NULL,
            end_unix INTEGER NOT NULL,
            classification TEXT,
            symptoms TEXT,
            software_version TEXT,
            device TEXT,
            sample_rate_hz REAL,
            lead TEXT,
            unit TEXT,
            sample_count INTEGER NOT NULL,
            samples TEXT NOT NULL
        );
        CREATE INDEX electrocardiograms_by_recorded ON electrocardiograms(recorded_unix);
        CREATE TABLE clinical_records (
            uuid TEXT PRIMARY KEY NOT NULL,
            type TEXT NOT NULL,
            identifier TEXT NOT NULL,
            source_name TEXT NOT NULL,
            source_url TEXT,
            fhir_version TEXT,
            received_date TEXT,
            received_unix INTEGER,
            resource_file_path TEXT
        );
        CREATE TABLE audiograms (
            \(header()),
            points TEXT NOT NULL
        );
        CREATE TABLE vision_prescriptions (
            uuid TEXT PRIMARY KEY NOT NULL,
            type TEXT NOT NULL,
            issued_date TEXT,
            issued_unix INTEGER,
            expiration_date TEXT,
            expiration_unix INTEGER,
            brand TEXT,
            right_eye TEXT NOT NULL,
            left_eye TEXT NOT NULL,
            attachments TEXT NOT NULL
        );
        CREATE TABLE exports (
            uuid TEXT PRIMARY KEY NOT NULL,
            export_date TEXT,
            export_unix INTEGER,
            locale TEXT,
            version INTEGER,
            profile TEXT NOT NULL
        );
        """

    static let workoutTables = """
        CREATE TABLE workouts (
            \(header(type: "activity_type")),
            duration REAL,
            duration_unit TEXT,
            total_distance REAL,
            total_distance_unit TEXT,
            total_energy_burned REAL,
            total_energy_burned_unit TEXT
        );
        CREATE INDEX workouts_by_start ON workouts(start_unix);
        CREATE INDEX workouts_by_type_start ON workouts(activity_type, start_unix);
        CREATE TABLE workout_activities (
            workout_uuid TEXT NOT NULL,
            position INTEGER NOT NULL,
            activity_uuid TEXT NOT NULL,
            start_date TEXT NOT NULL,
            start_unix INTEGER NOT NULL,
            end_date TEXT,
            end_unix INTEGER,
            duration REAL,
            duration_unit TEXT,
            metadata TEXT,
            PRIMARY KEY (workout_uuid, position)
        ) WITHOUT ROWID;
        CREATE TABLE workout_events (
            workout_uuid TEXT NOT NULL,
            activity_position INTEGER NOT NULL,
            position INTEGER NOT NULL,
            type TEXT NOT NULL,
            date TEXT NOT NULL,
            date_unix INTEGER NOT NULL,
            duration REAL,
            duration_unit TEXT,
            metadata TEXT,
            PRIMARY KEY (workout_uuid, activity_position, position)
        ) WITHOUT ROWID;
        CREATE TABLE workout_statistics (
            workout_uuid TEXT NOT NULL,
            activity_position INTEGER NOT NULL,
            position INTEGER NOT NULL,
            type TEXT NOT NULL,
            start_date TEXT,
            start_unix INTEGER,
            end_date TEXT,
            end_unix INTEGER,
            average REAL,
            minimum REAL,
            maximum REAL,
            sum REAL,
            unit TEXT,
            PRIMARY KEY (workout_uuid, activity_position, position)
        ) WITHOUT ROWID;
        CREATE TABLE workout_routes (
            workout_uuid TEXT NOT NULL,
            position INTEGER NOT NULL,
            source_name TEXT,
            source_version TEXT,
            creation_date TEXT,
            creation_unix INTEGER,
            start_date TEXT,
            start_unix INTEGER,
            end_date TEXT,
            end_unix INTEGER,
            file_paths TEXT NOT NULL,
            metadata TEXT,
            PRIMARY KEY (workout_uuid, position)
        ) WITHOUT ROWID;
        CREATE TABLE routes (
            uuid TEXT PRIMARY KEY NOT NULL,
            workout_activity_type TEXT NOT NULL,
            workout_start_date TEXT NOT NULL,
            workout_start_unix INTEGER NOT NULL,
            file_path TEXT,
            source_name TEXT,
            start_date TEXT,
            start_unix INTEGER,
            end_date TEXT,
            end_unix INTEGER,
            point_count INTEGER NOT NULL
        );
        CREATE INDEX routes_by_workout_start ON routes(workout_start_unix);
        CREATE TABLE route_points (
            route_uuid TEXT NOT NULL,
            position INTEGER NOT NULL,
            time_date TEXT,
            time_unix INTEGER,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            elevation REAL,
            speed REAL,
            course REAL,
            horizontal_accuracy REAL,
            vertical_accuracy REAL,
            PRIMARY KEY (route_uuid, position)
        ) WITHOUT ROWID;
        """

    static let bookkeepingTables = """
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            input TEXT NOT NULL,
            signature TEXT,
            export_date TEXT,
            export_unix INTEGER,
            export_version INTEGER,
            export_locale TEXT,
            window TEXT NOT NULL,
            window_start_unix INTEGER,
            started TEXT NOT NULL,
            finished TEXT,
            outcome TEXT NOT NULL CHECK (outcome IN ('running', 'completed', 'interrupted', 'failed')),
            pid INTEGER,
            read_count INTEGER,
            new_count INTEGER,
            already_imported_count INTEGER,
            outside_window_count INTEGER,
            invalid_count INTEGER,
            counts TEXT,
            message TEXT
        );
        CREATE INDEX imports_by_signature ON imports(signature);
        CREATE TABLE anchors (
            type TEXT PRIMARY KEY NOT NULL,
            newest_creation_unix INTEGER NOT NULL,
            newest_creation_date TEXT,
            boundary_uuids TEXT NOT NULL,
            covered_start_unix INTEGER,
            covered_start_date TEXT,
            import_id INTEGER REFERENCES imports(id),
            updated TEXT
        );
        """

    static let views = """
        CREATE VIEW weight_over_time AS
            SELECT substr(start_date, 1, 10) AS day, start_date, start_unix, kilograms, value, unit, source_name
            FROM weight_samples ORDER BY start_unix;
        CREATE VIEW daily_steps AS
            SELECT day, max(steps) AS steps, count(*) AS sources FROM (
                SELECT substr(start_date, 1, 10) AS day, source_name, sum(value) AS steps
                FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierStepCount'
                GROUP BY day, source_name)
            GROUP BY day ORDER BY day;
        CREATE VIEW resting_heart_rate AS
            SELECT substr(start_date, 1, 10) AS day, avg(value) AS bpm, min(value) AS min_bpm, max(value) AS max_bpm
            FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate'
            GROUP BY day ORDER BY day;
        CREATE VIEW sleep_by_night AS
            SELECT date(start_unix + CAST(round((julianday(substr(start_date, 1, 19)) - julianday(start_date)) * 86400) AS INTEGER) - 43200, 'unixepoch') AS night,
                value AS stage, round(sum(end_unix - start_unix) / 60.0, 1) AS minutes, count(*) AS samples
            FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis'
            GROUP BY night, stage ORDER BY night, stage;
        CREATE VIEW workout_overview AS
            SELECT substr(start_date, 1, 10) AS day, replace(activity_type, 'HKWorkoutActivityType', '') AS activity,
                start_date, end_date, round((end_unix - start_unix) / 60.0, 1) AS minutes,
                total_distance, total_distance_unit, total_energy_burned, total_energy_burned_unit, source_name, uuid
            FROM workouts ORDER BY start_unix;
        """
}
