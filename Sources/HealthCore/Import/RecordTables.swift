import HealthExport

/// The record tables every store keeps (SQLite and PostgreSQL alike), each with what names a
/// row's type (a column, or a constant for tables of one type) and the column of its start.
public enum RecordTables {
    /// A table, its type expression in SQL and its start column (seconds since 1970 UTC).
    public typealias Table = (table: String, type: String, start: String)

    /// The tables of records an export can hold, and so a later export can mark.
    public static let records: [Table] = [
        ("quantity_samples", "type", "start_unix"), ("weight_samples", "type", "start_unix"),
        ("category_samples", "type", "start_unix"), ("correlations", "type", "start_unix"),
        ("workouts", "activity_type", "start_unix"), ("audiograms", "type", "start_unix"),
        ("clinical_records", "type", "received_unix"), ("vision_prescriptions", "type", "issued_unix"),
        ("activity_summaries", "'\(ActivitySummary.typeIdentifier)'", "start_unix"),
        ("routes", "'\(RouteTrack.typeIdentifier)'", "start_unix"),
        ("electrocardiograms", "'\(Electrocardiogram.typeIdentifier)'", "recorded_unix"),
    ]

    /// The table of a record kind that can carry a sync identifier, and whether its key is
    /// type, start and UUID (else the UUID alone).
    public static func synced(_ record: HealthRecord) -> (name: String, keyedByType: Bool)? {
        switch record {
        case .quantity: ("quantity_samples", true)
        case .weight: ("weight_samples", false)
        case .category: ("category_samples", true)
        case .correlation: ("correlations", false)
        case .workout: ("workouts", false)
        default: nil
        }
    }

    /// The rows that belong to a record beside its own row, each as a table and the column that
    /// holds the record's UUID: what rewriting `record` (a newer sync version, a changed
    /// workout) deletes with it in every store.
    public static func children(of record: HealthRecord) -> [(table: String, column: String)] {
        let metadata = ("metadata", "record_uuid")
        switch record {
        case .quantity: return [metadata, ("heartbeat_series", "sample_uuid")]
        case .category, .weight: return [metadata]
        case .correlation: return [metadata, ("correlation_members", "correlation_uuid")]
        case .workout: return [metadata, ("record_digests", "uuid")] + workoutParts.map { ($0, "workout_uuid") }
        default: return []
        }
    }

    /// The tables of a workout's parts, keyed by `workout_uuid`.
    private static let workoutParts = [
        "workout_activities", "workout_events", "workout_statistics", "workout_routes", "workout_zones",
    ]

    /// The record tables and the exports imported, as `status` lists them.
    public static let withExports: [Table] = records + [("exports", "'HealthExport'", "export_unix")]
}
