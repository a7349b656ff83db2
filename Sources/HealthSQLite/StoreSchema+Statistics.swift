import GRDB

extension StoreSchema {
    /// Statistics tables kept by `import`, the sources and their saved order, and the views that read them.
    ///
    /// `statistics_pending` holds the (type, UTC day) pairs whose statistics are not yet recomputed; the
    /// migration fills it with every day a store already holds, so the first import or `stats` after an
    /// upgrade computes them.
    static let statisticsTables = """
        CREATE TABLE statistics (
            type TEXT NOT NULL,
            period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
            bucket TEXT NOT NULL,
            wall_start INTEGER NOT NULL,
            start_date TEXT NOT NULL,
            start_unix INTEGER NOT NULL,
            end_date TEXT NOT NULL,
            end_unix INTEGER NOT NULL,
            unit TEXT NOT NULL,
            sum REAL,
            average REAL,
            minimum REAL,
            maximum REAL,
            count INTEGER,
            sources TEXT,
            PRIMARY KEY (type, period, wall_start)
        ) WITHOUT ROWID;
        CREATE TABLE sleep_nights (
            night TEXT NOT NULL,
            wall_start INTEGER PRIMARY KEY NOT NULL,
            start_date TEXT,
            start_unix INTEGER,
            end_date TEXT,
            end_unix INTEGER,
            in_bed_minutes REAL NOT NULL,
            asleep_minutes REAL NOT NULL,
            awake_minutes REAL NOT NULL,
            core_minutes REAL NOT NULL,
            deep_minutes REAL NOT NULL,
            rem_minutes REAL NOT NULL,
            unspecified_minutes REAL NOT NULL,
            sources TEXT NOT NULL
        );
        CREATE TABLE sources (
            name TEXT PRIMARY KEY NOT NULL,
            device_model TEXT,
            position INTEGER
        );
        CREATE TABLE statistics_pending (
            type TEXT NOT NULL,
            day INTEGER NOT NULL,
            PRIMARY KEY (type, day)
        ) WITHOUT ROWID;
        INSERT OR IGNORE INTO statistics_pending (type, day)
            SELECT DISTINCT type, start_unix / 86400 FROM quantity_samples;
        INSERT OR IGNORE INTO statistics_pending (type, day)
            SELECT DISTINCT type, start_unix / 86400 FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis';
        INSERT OR IGNORE INTO statistics_pending (type, day)
            SELECT DISTINCT type, start_unix / 86400 FROM weight_samples;
        DROP VIEW daily_steps;
        CREATE VIEW daily_steps AS
            SELECT bucket AS day, sum AS steps, sources, start_date, end_date
            FROM statistics WHERE type = 'HKQuantityTypeIdentifierStepCount' AND period = 'day' ORDER BY wall_start;
        CREATE VIEW daily_distance AS
            SELECT bucket AS day, sum AS kilometres, sources, start_date, end_date
            FROM statistics WHERE type = 'HKQuantityTypeIdentifierDistanceWalkingRunning' AND period = 'day'
            ORDER BY wall_start;
        CREATE VIEW daily_active_energy AS
            SELECT bucket AS day, sum AS kilocalories, sources, start_date, end_date
            FROM statistics WHERE type = 'HKQuantityTypeIdentifierActiveEnergyBurned' AND period = 'day'
            ORDER BY wall_start;
        CREATE VIEW daily_heart_rate AS
            SELECT bucket AS day, average AS bpm, minimum AS min_bpm, maximum AS max_bpm, count AS samples
            FROM statistics WHERE type = 'HKQuantityTypeIdentifierHeartRate' AND period = 'day' ORDER BY wall_start;
        DROP VIEW resting_heart_rate;
        CREATE VIEW resting_heart_rate AS
            SELECT bucket AS day, average AS bpm, minimum AS min_bpm, maximum AS max_bpm
            FROM statistics WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate' AND period = 'day'
            ORDER BY wall_start;
        CREATE VIEW daily_statistics AS
            SELECT type, bucket AS day, sum, average, minimum, maximum, count, unit, sources, start_date, end_date
            FROM statistics WHERE period = 'day' ORDER BY type, wall_start;
        DROP VIEW sleep_by_night;
        CREATE VIEW sleep_by_night AS
            SELECT night, start_date, end_date, in_bed_minutes, asleep_minutes, awake_minutes, core_minutes,
                deep_minutes, rem_minutes, unspecified_minutes, sources
            FROM sleep_nights ORDER BY wall_start;
        CREATE VIEW activity_rings AS
            SELECT day, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time,
                move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal
            FROM activity_summaries WHERE deleted_by IS NULL AND replaced_by IS NULL ORDER BY day;
        """
}
