#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows
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
        if let correction = InPlaceCorrection(item.record) { return try await correctInPlace(correction, uuid: uuid) }
        switch item.record {
        case .export(let facts):
            return try await correctProfile(facts, uuid: uuid)
        case .workout(let workout):
            return try await correctWorkout(item, workout)
        default:
            return false
        }
    }

    /// Runs `correction` as one `UPDATE` of the person's row with `uuid`; returns whether it changed.
    private func correctInPlace(_ correction: InPlaceCorrection, uuid: String) async throws -> Bool {
        var binds = PostgresBindings()
        binds.append(person)
        binds.append(uuid)
        var key = "person = $1 AND uuid = $2"
        if let (type, start) = correction.typeAndStart {
            binds.append(type)
            binds.append(start)
            key += " AND type = $3 AND start_unix = $4"
        }
        var set: [String] = []
        var compared: [String] = []
        for column in correction.columns {
            switch column.value {
            case .real(let number): binds.append(number)
            case .text(let text): binds.append(text)
            }
            let value = "$\(binds.count)"
            set.append("\(column.name) = \(value)")
            switch column.comparison {
            case .none: break
            case .exact: compared.append("\(column.name) IS DISTINCT FROM \(value)")
            case .relative: compared.append("abs(\(column.name) - \(value)) > 1e-9 * abs(\(value))")
            }
        }
        let sql = """
            UPDATE \(correction.table) SET \(set.joined(separator: ", ")) \
            WHERE \(key) AND (\(compared.joined(separator: " OR "))) RETURNING uuid
            """
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        return try await rows.collect().count > 0
    }

    /// A stored workout whose digest differs from `workout`'s is written again, children and
    /// all, keeping its deletion mark; one stored before digests were kept takes this run's
    /// digest as its reference.
    private func correctWorkout(_ item: IdentifiedRecord, _ workout: Workout) async throws -> Bool {
        let uuid = item.id.description
        let digest = ContentDigest.text(of: workout)
        let stored = try await rows(
            """
            SELECT w.deleted_by, d.digest FROM workouts w \
            LEFT JOIN record_digests d ON d.person = w.person AND d.uuid = w.uuid \
            WHERE w.person = \(person) AND w.uuid = \(uuid)
            """)
        guard let row = stored.first else { return false }
        let (deletedBy, storedDigest) = try row.decode((Int64?, String?).self)
        guard let storedDigest else {
            _ = try await rows(
                """
                INSERT INTO record_digests (person, uuid, digest) VALUES (\(person), \(uuid), \(digest)) \
                ON CONFLICT (person, uuid) DO UPDATE SET digest = excluded.digest
                """)
            return false
        }
        guard storedDigest != digest else { return false }
        for (table, column) in [("workouts", "uuid")] + RecordTables.children(of: item.record) {
            _ = try await rows(
                "DELETE FROM \(unescaped: table) WHERE person = \(person) AND \(unescaped: column) = \(uuid)")
        }
        try await rewrite(item)
        if let deletedBy {
            _ = try await rows(
                "UPDATE workouts SET deleted_by = \(deletedBy) WHERE person = \(person) AND uuid = \(uuid)")
        }
        return true
    }

    private func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.query(query, logger: logger).collect()
    }

    /// Brings the person's stored `Me` profile up to a newer export's, as the SQLite store does:
    /// changed when the profile differs; date, locale and version follow; an older export changes nothing.
    private func correctProfile(_ facts: ExportFacts, uuid: String) async throws -> Bool {
        var profile = JSONBuffer(capacity: 256)
        profile.object(facts.profile)
        let text = profile.text
        let exportUnix = facts.exportDate?.secondsSince1970
        let changed = try await !rows(
            """
            UPDATE exports SET profile = \(text) WHERE person = \(person) AND uuid = \(uuid) \
            AND (export_unix IS NULL OR export_unix <= \(exportUnix)) AND profile IS DISTINCT FROM \(text) RETURNING uuid
            """
        ).isEmpty
        // The same instant re-exported elsewhere keeps the date as first written.
        _ = try await rows(
            """
            UPDATE exports SET export_date = \(facts.exportDate?.iso8601), export_unix = \(exportUnix), \
            locale = \(facts.locale), version = \(facts.version) \
            WHERE person = \(person) AND uuid = \(uuid) AND (export_unix IS NULL OR export_unix < \(exportUnix))
            """)
        return changed
    }
}
#endif
