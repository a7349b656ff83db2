#if PostgreSQL
/// The schema's second version, as the SQLite store's `v2-corrections` and `v2-views`: records
/// a later export deleted are marked (`deleted_by`, the import that found them gone), never
/// erased, and the views show only current rows; the import log gets the new counts.
extension PostgresSchema {
    /// Tables holding records a later export can delete or replace.
    static let correctableTables = [
        "quantity_samples", "weight_samples", "category_samples", "correlations", "workouts",
        "activity_summaries", "electrocardiograms", "clinical_records", "audiograms", "vision_prescriptions", "routes",
    ]

    /// The SQL condition of a current row: neither deleted on the phone nor replaced by a newer version.
    static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    static let corrections =
        correctableTables.flatMap {
            ["ALTER TABLE \($0) ADD COLUMN deleted_by BIGINT", "ALTER TABLE \($0) ADD COLUMN replaced_by TEXT"]
        } + [
            "ALTER TABLE imports ADD COLUMN updated_count BIGINT",
            "ALTER TABLE imports ADD COLUMN deleted_count BIGINT",
            "ALTER TABLE imports ADD COLUMN repeated_count BIGINT",
        ]

    /// The views of `v1-views`, over current rows only.
    static let currentViews =
        ["weight_over_time", "daily_steps", "resting_heart_rate", "sleep_by_night", "workout_overview"].map {
            "DROP VIEW \($0)"
        } + [
            """
            CREATE VIEW weight_over_time AS
                SELECT person, substr(start_date, 1, 10) AS day, start_date, start_unix, kilograms, value, unit, source_name
                FROM weight_samples WHERE \(current) ORDER BY person, start_unix
            """,
            """
            CREATE VIEW daily_steps AS
                SELECT person, day, max(steps) AS steps, count(*) AS sources FROM (
                    SELECT person, substr(start_date, 1, 10) AS day, source_name, sum(value) AS steps
                    FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierStepCount' AND \(current)
                    GROUP BY person, day, source_name) AS per_source
                GROUP BY person, day ORDER BY person, day
            """,
            """
            CREATE VIEW resting_heart_rate AS
                SELECT person, substr(start_date, 1, 10) AS day, avg(value) AS bpm, min(value) AS min_bpm, max(value) AS max_bpm
                FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate' AND \(current)
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
                FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' AND \(current)
                GROUP BY person, night, stage ORDER BY person, night, stage
            """,
            """
            CREATE VIEW workout_overview AS
                SELECT person, substr(start_date, 1, 10) AS day, replace(activity_type, 'HKWorkoutActivityType', '') AS activity,
                    start_date, end_date, round((end_unix - start_unix) / 60.0, 1) AS minutes,
                    total_distance, total_distance_unit, total_energy_burned, total_energy_burned_unit, source_name, uuid
                FROM workouts WHERE \(current) ORDER BY person, start_unix
            """,
        ]
}
#endif
