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
