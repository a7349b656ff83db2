import HealthCore
import HealthExport
import HealthJSON

/// The rows both stores keep alike, each table's columns in order and the values a record puts
/// in them: the one description that the SQLite store's inserts and the PostgreSQL store's
/// `COPY` both follow (tests check both schemas against ``columns``).
///
/// Each function binds one row, or the rows of one part of a record, through a ``RowBinding``;
/// `end` closes each row (runs the statement, ends the line) and is given the binding back.
/// The sample tables' header (type, source, device) is not here: the stores keep it differently.
public enum RecordRows {
    /// The columns of the tables this type binds, in order.
    public static let columns: [String: [String]] = [
        "activity_summaries": [
            "uuid", "day", "start_unix", "active_energy_burned", "active_energy_burned_goal",
            "active_energy_burned_unit", "move_time", "move_time_goal", "exercise_time", "exercise_time_goal",
            "stand_hours", "stand_hours_goal",
        ],
        "electrocardiograms": [
            "uuid", "file_path", "recorded_date", "recorded_unix", "end_date", "end_unix", "classification",
            "symptoms", "software_version", "device", "sample_rate_hz", "lead", "unit", "sample_count", "samples",
        ],
        "clinical_records": [
            "uuid", "type", "identifier", "source_name", "source_url", "fhir_version", "received_date",
            "received_unix", "resource_file_path",
        ],
        "vision_prescriptions": [
            "uuid", "type", "issued_date", "issued_unix", "expiration_date", "expiration_unix", "brand", "right_eye",
            "left_eye", "attachments",
        ],
        "exports": ["uuid", "export_date", "export_unix", "locale", "version", "profile"],
        "routes": [
            "uuid", "workout_activity_type", "workout_start_date", "workout_start_unix", "file_path", "source_name",
            "start_date", "start_unix", "end_date", "end_unix", "point_count",
        ],
        "route_points": [
            "route_uuid", "position", "time_date", "time_unix", "latitude", "longitude", "elevation", "speed",
            "course", "horizontal_accuracy", "vertical_accuracy",
        ],
        "heartbeat_series": ["sample_uuid", "beats"],
        "workout_activities": [
            "workout_uuid", "position", "activity_uuid", "start_date", "start_unix", "end_date", "end_unix",
            "duration", "duration_unit", "metadata",
        ],
        "workout_events": [
            "workout_uuid", "activity_position", "position", "type", "date", "date_unix", "duration",
            "duration_unit", "metadata",
        ],
        "workout_statistics": [
            "workout_uuid", "activity_position", "position", "type", "start_date", "start_unix", "end_date",
            "end_unix", "average", "minimum", "maximum", "sum", "unit",
        ],
        "workout_routes": [
            "workout_uuid", "position", "source_name", "source_version", "creation_date", "creation_unix",
            "start_date", "start_unix", "end_date", "end_unix", "file_paths", "metadata",
        ],
        "workout_zones": [
            "workout_uuid", "group_position", "position", "type", "source", "unit", "minimum", "maximum",
            "duration", "duration_unit",
        ],
    ]

    /// `activity_summaries`: one row.
    @inlinable
    public static func bind<B: RowBinding>(_ summary: ActivitySummary, id: RecordID, into row: B) {
        row.id(id)
        row.text(summary.day.iso8601)
        row.integer(summary.start.secondsSince1970)
        row.real(summary.activeEnergyBurned)
        row.real(summary.activeEnergyBurnedGoal)
        row.text(summary.activeEnergyBurnedUnit)
        row.real(summary.moveTime)
        row.real(summary.moveTimeGoal)
        row.real(summary.exerciseTime)
        row.real(summary.exerciseTimeGoal)
        row.real(summary.standHours)
        row.real(summary.standHoursGoal)
    }

    /// `electrocardiograms`: one row.
    @inlinable
    public static func bind<B: RowBinding>(_ ecg: Electrocardiogram, id: RecordID, into row: B) {
        row.id(id)
        row.text(ecg.filePath)
        row.timestamp(ecg.recordedDate)
        row.timestamp(ecg.endDate)
        row.text(ecg.classification)
        row.text(ecg.symptoms)
        row.text(ecg.softwareVersion)
        row.text(ecg.device)
        row.real(ecg.sampleRateHertz)
        row.text(ecg.lead)
        row.text(ecg.unit)
        row.integer(ecg.samples.count)
        row.json { $0.array(ecg.samples) }
    }

    /// `clinical_records`: one row.
    @inlinable
    public static func bind<B: RowBinding>(_ record: ClinicalRecord, id: RecordID, into row: B) {
        row.id(id)
        row.text(record.type)
        row.text(record.identifier)
        row.text(record.sourceName)
        row.text(record.sourceURL)
        row.text(record.fhirVersion)
        row.timestamp(record.receivedDate)
        row.text(record.resourceFilePath)
    }

    /// `vision_prescriptions`: one row.
    @inlinable
    public static func bind<B: RowBinding>(_ prescription: VisionPrescription, id: RecordID, into row: B) {
        row.id(id)
        row.text(prescription.type)
        row.timestamp(prescription.dateIssued)
        row.timestamp(prescription.expirationDate)
        row.text(prescription.brand)
        row.json { $0.object(prescription.rightEye) }
        row.json { $0.object(prescription.leftEye) }
        row.json { $0.array(prescription.attachments) }
    }

    /// `exports`: one row, the export's facts and its `Me` profile.
    @inlinable
    public static func bind<B: RowBinding>(_ facts: ExportFacts, id: RecordID, into row: B) {
        row.id(id)
        row.timestamp(facts.exportDate)
        row.text(facts.locale)
        row.integer(facts.version)
        row.json { $0.object(facts.profile) }
    }

    /// `routes`: one row, the route's own (its points are ``bindPoints(of:id:into:end:)``).
    @inlinable
    public static func bind<B: RowBinding>(_ route: RouteTrack, id: RecordID, into row: B) {
        row.id(id)
        row.text(route.workoutActivityType)
        row.timestamp(route.workoutStart)
        row.text(route.filePath)
        row.text(route.sourceName)
        row.timestamp(route.startDate)
        row.timestamp(route.endDate)
        row.integer(route.points.count)
    }

    /// `route_points`: a row per point of `route`.
    @inlinable
    public static func bindPoints<B: RowBinding>(
        of route: RouteTrack, id: RecordID, into rows: B, end: (B) throws -> Void
    ) rethrows {
        for (position, point) in route.points.enumerated() {
            rows.id(id)
            rows.integer(position)
            rows.timestamp(point.time)
            rows.real(point.latitude)
            rows.real(point.longitude)
            rows.real(point.elevation)
            rows.real(point.speed)
            rows.real(point.course)
            rows.real(point.horizontalAccuracy)
            rows.real(point.verticalAccuracy)
            try end(rows)
        }
    }

    /// `heartbeat_series`: one row of a sample's beats (none when it has none).
    @inlinable
    public static func bindBeats<B: RowBinding>(
        _ beats: [Heartbeat], id: RecordID, into row: B, end: (B) throws -> Void
    ) rethrows {
        guard !beats.isEmpty else { return }
        row.id(id)
        row.json { $0.beatSeries(beats) }
        try end(row)
    }
}
