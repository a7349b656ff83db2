#if PostgreSQL
import PostgresNIO

/// The schema's seventh version, as the SQLite store's `v3-statistics`: the statistics tables an
/// import keeps (per person), the sources and their saved order, and the views that read them.
///
/// `statistics_pending` holds the (person, type, UTC day) triples whose statistics are not yet
/// recomputed; the migration fills it with every day a database already holds, so that each
/// person's next import computes them.
extension PostgresSchema {
    static let statisticsTables = [
        """
        CREATE TABLE statistics (
            person TEXT NOT NULL,
            type TEXT NOT NULL,
            period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
            bucket TEXT NOT NULL,
            wall_start BIGINT NOT NULL,
            start_date TEXT NOT NULL,
            start_unix BIGINT NOT NULL,
            end_date TEXT NOT NULL,
            end_unix BIGINT NOT NULL,
            unit TEXT NOT NULL,
            sum DOUBLE PRECISION,
            average DOUBLE PRECISION,
            minimum DOUBLE PRECISION,
            maximum DOUBLE PRECISION,
            count BIGINT,
            sources TEXT,
            PRIMARY KEY (person, type, period, wall_start)
        )
        """,
        """
        CREATE TABLE sleep_nights (
            person TEXT NOT NULL,
            night TEXT NOT NULL,
            wall_start BIGINT NOT NULL,
            start_date TEXT,
            start_unix BIGINT,
            end_date TEXT,
            end_unix BIGINT,
            in_bed_minutes DOUBLE PRECISION NOT NULL,
            asleep_minutes DOUBLE PRECISION NOT NULL,
            awake_minutes DOUBLE PRECISION NOT NULL,
            core_minutes DOUBLE PRECISION NOT NULL,
            deep_minutes DOUBLE PRECISION NOT NULL,
            rem_minutes DOUBLE PRECISION NOT NULL,
            unspecified_minutes DOUBLE PRECISION NOT NULL,
            sources TEXT NOT NULL,
            PRIMARY KEY (person, wall_start)
        )
        """,
        """
        CREATE TABLE sources (
            person TEXT NOT NULL,
            name TEXT NOT NULL,
            device_model TEXT,
            position BIGINT,
            PRIMARY KEY (person, name)
        )
        """,
        """
        CREATE TABLE statistics_pending (
            person TEXT NOT NULL,
            type TEXT NOT NULL,
            day INTEGER NOT NULL,
            PRIMARY KEY (person, type, day)
        )
        """,
        // The statistics read a person's clock metadata at every refresh, a live upload's too:
        // few rows, found without reading the rest.
        """
        CREATE INDEX metadata_clocks ON metadata (person) WHERE key IN ('HKTimeZone', 'HKWasUserEntered')
        """,
        """
        INSERT INTO statistics_pending (person, type, day)
            SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM quantity_samples
            UNION SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM weight_samples
            UNION SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM category_samples
                WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis'
        """,
    ]

    /// Every day of `person`'s samples marked pending, as after a new source order.
    static func allDaysPending(of person: String) -> PostgresQuery {
        """
        INSERT INTO statistics_pending (person, type, day)
            SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM quantity_samples WHERE person = \(person)
            UNION SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM weight_samples WHERE person = \(person)
            UNION SELECT DISTINCT person, type, floor(start_unix / 86400.0)::int FROM category_samples
                WHERE person = \(person) AND type = 'HKCategoryTypeIdentifierSleepAnalysis'
        ON CONFLICT DO NOTHING
        """
    }

    /// The views reading the statistics tables, as the SQLite store's, with the person first.
    static let statisticsViews =
        ["daily_steps", "resting_heart_rate", "sleep_by_night"].map { "DROP VIEW \($0)" } + [
            dailyView(
                "daily_steps", "sum AS steps, sources, start_date, end_date", type: "HKQuantityTypeIdentifierStepCount"),
            dailyView(
                "daily_distance", "sum AS kilometres, sources, start_date, end_date",
                type: "HKQuantityTypeIdentifierDistanceWalkingRunning"),
            dailyView(
                "daily_active_energy", "sum AS kilocalories, sources, start_date, end_date",
                type: "HKQuantityTypeIdentifierActiveEnergyBurned"),
            dailyView(
                "daily_heart_rate", "average AS bpm, minimum AS min_bpm, maximum AS max_bpm, count AS samples",
                type: "HKQuantityTypeIdentifierHeartRate"),
            dailyView(
                "resting_heart_rate", "average AS bpm, minimum AS min_bpm, maximum AS max_bpm",
                type: "HKQuantityTypeIdentifierRestingHeartRate"),
            """
            CREATE VIEW daily_statistics AS
                SELECT person, type, bucket AS day, sum, average, minimum, maximum, count, unit, sources, start_date, end_date
                FROM statistics WHERE period = 'day' ORDER BY person, type, wall_start
            """,
            """
            CREATE VIEW sleep_by_night AS
                SELECT person, night, start_date, end_date, in_bed_minutes, asleep_minutes, awake_minutes, core_minutes,
                    deep_minutes, rem_minutes, unspecified_minutes, sources
                FROM sleep_nights ORDER BY person, wall_start
            """,
        ]

    private static func dailyView(_ name: String, _ columns: String, type: String) -> String {
        """
        CREATE VIEW \(name) AS
            SELECT person, bucket AS day, \(columns)
            FROM statistics WHERE type = '\(type)' AND period = 'day' ORDER BY person, wall_start
        """
    }
}
#endif
