#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import PostgresNIO

/// Records whose content can change under one ID (``CorrectionRules/mayChange(_:)``), brought up
/// to date in place as the SQLite store does.
extension PostgresRecordWriter {
    /// Whether a stored record with `record`'s ID is compared and updated.
    static func canCorrect(_ record: HealthRecord) -> Bool {
        CorrectionRules.mayChange(record)
    }

    /// Brings the stored record with `item`'s ID up to `item`'s content; returns whether it changed.
    func correct(_ item: IdentifiedRecord) async throws -> Bool {
        let uuid = item.id.description
        let sql: String
        let values: [(any Sendable)?]
        switch item.record {
        case .activitySummary(let summary):
            let columns = [
                "active_energy_burned", "active_energy_burned_goal", "move_time", "move_time_goal", "exercise_time",
                "exercise_time_goal", "stand_hours", "stand_hours_goal", "active_energy_burned_unit",
            ]
            let numbers: [Double?] = [
                summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, summary.moveTime, summary.moveTimeGoal,
                summary.exerciseTime, summary.exerciseTimeGoal, summary.standHours, summary.standHoursGoal,
            ]
            let set = columns.enumerated().map { "\($1) = $\($0 + 3)" }.joined(separator: ", ")
            let differs = columns.enumerated().map { "\($1) IS DISTINCT FROM $\($0 + 3)" }.joined(separator: " OR ")
            sql = "UPDATE activity_summaries SET \(set) WHERE person = $1 AND uuid = $2 AND (\(differs)) RETURNING uuid"
            var binds: [(any Sendable)?] = [person, uuid]
            for number in numbers { binds.append(number.flatMap { $0.isNaN ? nil : $0 }) }
            binds.append(summary.activeEnergyBurnedUnit)
            values = binds
        case .quantity(let sample):
            sql = """
                UPDATE quantity_samples SET value = $5, unit = $6, value_text = $7 \
                WHERE person = $1 AND type = $2 AND start_unix = $3 AND uuid = $4 \
                AND (value IS DISTINCT FROM $5 OR unit IS DISTINCT FROM $6 OR value_text IS DISTINCT FROM $7) RETURNING uuid
                """
            values = [
                person, sample.header.type, sample.header.startDate.secondsSince1970, uuid,
                sample.value.flatMap { $0.isNaN ? nil : $0 }, sample.unit, sample.valueText,
            ]
        case .weight(let sample):
            sql = """
                UPDATE weight_samples SET kilograms = $3, value = $4, unit = $5 \
                WHERE person = $1 AND uuid = $2 AND (abs(kilograms - $3) > 1e-9 * abs($3) OR unit IS DISTINCT FROM $5) \
                RETURNING uuid
                """
            values = [person, uuid, sample.kilograms, sample.value, sample.unit]
        case .export(let facts):
            return try await correctProfile(facts, uuid: uuid)
        case .workout(let workout):
            return try await correctWorkout(item, workout)
        default:
            return false
        }
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: sql, binds: PostgresStore.binds(values)), logger: logger)
        return try await rows.collect().count > 0
    }

    /// A stored workout whose digest differs from `workout`'s is written again, children and
    /// all, keeping its deletion mark; one stored before digests were kept takes this run's
    /// digest as its reference.
    private func correctWorkout(_ item: IdentifiedRecord, _ workout: Workout) async throws -> Bool {
        let uuid = item.id.description
        let digest = PostgresRowBinder.digest(of: workout)
        let stored = try await rows(
            "SELECT w.deleted_by, d.digest FROM workouts w LEFT JOIN record_digests d ON d.person = w.person AND d.uuid = w.uuid WHERE w.person = $1 AND w.uuid = $2",
            [person, uuid])
        guard let row = stored.first else { return false }
        let (deletedBy, storedDigest) = try row.decode((Int64?, String?).self)
        let saveDigest = """
            INSERT INTO record_digests (person, uuid, digest) VALUES ($1, $2, $3) \
            ON CONFLICT (person, uuid) DO UPDATE SET digest = excluded.digest
            """
        guard let storedDigest else {
            _ = try await rows(saveDigest, [person, uuid, digest])
            return false
        }
        guard storedDigest != digest else { return false }
        for (table, column) in [("workouts", "uuid")] + RecordTables.children(of: item.record) {
            _ = try await rows("DELETE FROM \(table) WHERE person = $1 AND \(column) = $2", [person, uuid])
        }
        try await rewrite(item)
        if let deletedBy {
            _ = try await rows(
                "UPDATE workouts SET deleted_by = $3 WHERE person = $1 AND uuid = $2", [person, uuid, deletedBy])
        }
        return true
    }

    private func rows(_ sql: String, _ values: [(any Sendable)?]) async throws -> [PostgresRow] {
        let result = try await connection.query(
            PostgresQuery(unsafeSQL: sql, binds: PostgresStore.binds(values)), logger: logger)
        return try await result.collect()
    }

    /// Brings the person's stored `Me` profile up to a newer export's, as the SQLite store does:
    /// changed when the profile differs; date, locale and version follow; an older export changes nothing.
    private func correctProfile(_ facts: ExportFacts, uuid: String) async throws -> Bool {
        var profile = JSONBuffer(capacity: 256)
        profile.object(facts.profile)
        let exportUnix = facts.exportDate?.secondsSince1970
        let newer = "person = $1 AND uuid = $2 AND (export_unix IS NULL OR export_unix <= $3)"
        // The same instant re-exported elsewhere keeps the date as first written.
        let strictlyNewer = "person = $1 AND uuid = $2 AND (export_unix IS NULL OR export_unix < $3)"
        let setProfile =
            "UPDATE exports SET profile = $4 WHERE \(newer) AND profile IS DISTINCT FROM $4 RETURNING uuid"
        let profileBinds = PostgresStore.binds([person, uuid, exportUnix, profile.text])
        let returned = try await connection.query(
            PostgresQuery(unsafeSQL: setProfile, binds: profileBinds), logger: logger)
        let changed = try await returned.collect().count > 0
        let setExport =
            "UPDATE exports SET export_date = $4, export_unix = $3, locale = $5, version = $6 WHERE \(strictlyNewer)"
        let values: [(any Sendable)?] = [
            person, uuid, exportUnix, facts.exportDate?.iso8601, facts.locale, facts.version,
        ]
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: setExport, binds: PostgresStore.binds(values)), logger: logger)
        _ = try await rows.collect()
        return changed
    }
}
#endif
