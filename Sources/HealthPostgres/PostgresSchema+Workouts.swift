#if PostgreSQL
/// What a changed workout needs, as the SQLite store's `workout_zones` and `record_digests`: its
/// zone groups (iOS 26), and a digest of its content (`ContentDigest`) to tell a later export's
/// changed workout from the stored one.
extension PostgresSchema {
    static let workoutZones = PostgresTable(
        "workout_zones",
        [
            "workout_uuid t!", "group_position i!", "position i!", "type t!", "source t", "unit t", "minimum r",
            "maximum r", "duration r", "duration_unit t",
        ], key: ["workout_uuid", "group_position", "position"])
    static let recordDigests = PostgresTable("record_digests", ["uuid t!", "digest t!"], key: ["uuid"])

    /// The tables of `v5-workout-corrections`.
    static let correctionTables = [workoutZones, recordDigests]
}

/// The SQLite store's views that read records only, with the person: the activity rings and
/// the newest export's `Me` profile (the daily statistics views read statistics tables, which
/// the PostgreSQL store does not keep).
extension PostgresSchema {
    static let recordViews = [
        """
        CREATE VIEW activity_rings AS
            SELECT person, day, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time,
                move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal
            FROM activity_summaries WHERE \(current) ORDER BY person, day
        """,
        """
        CREATE VIEW profile AS
            SELECT DISTINCT ON (person) person, export_date, locale, profile FROM exports
            ORDER BY person, export_unix DESC NULLS LAST
        """,
    ]
}
#endif
