#if PostgreSQL
import HealthCore
import HealthExport
import HealthStatistics
import PostgresNIO

/// Samples a phone sent live, with their HealthKit UUIDs, so the phone's deletions find their
/// rows: the rows keep their content UUIDs (an export of the same samples adds nothing), and
/// `phone_samples` maps each HealthKit UUID to the row's UUID, per person.
extension PostgresStore {
    /// The sample tables a phone writes.
    static let phoneSampleTables = ["quantity_samples", "weight_samples", "category_samples"]

    /// Writes `records` as ``insertRecords(_:)`` does and, in the same transaction, remembers
    /// the HealthKit UUID each came with (`healthKitUUIDs[i]` for `records[i]`, `nil`: none).
    /// Returns how many were already stored as sent, and how many stored ones they brought up to
    /// date (another value under the same content UUID).
    public func insertPhoneSamples(_ records: [IdentifiedRecord], healthKitUUIDs: [String?]) async throws
        -> (alreadyStored: Int, updated: Int)
    {
        let outcome = try await insertRecordsCounting(records) {
            var phone: [String] = []
            var rows: [String] = []
            for (record, healthKitUUID) in zip(records, healthKitUUIDs) {
                guard let healthKitUUID else { continue }
                phone.append(healthKitUUID.uppercased())
                rows.append(record.id.description)
            }
            guard !phone.isEmpty else { return }
            try await query(
                """
                INSERT INTO phone_samples (person, healthkit_uuid, uuid) \
                SELECT \(person), h, u FROM unnest(\(phone)::text[], \(rows)::text[]) AS given(h, u) \
                ON CONFLICT (person, healthkit_uuid) DO UPDATE SET uuid = excluded.uuid
                """)
        }
        return (outcome.alreadyStored.values.reduce(0, +), outcome.updated.values.reduce(0, +))
    }

    /// Marks deleted the rows of the samples the phone deleted (`healthKitUUIDs`), as a later
    /// export does: `deleted_by` is a run of the import log (input `phone deletions`), the
    /// statistics of their days are recomputed, all in one transaction. Returns the rows marked
    /// and the UUIDs that named no current row.
    public func deletePhoneSamples(_ healthKitUUIDs: [String]) async throws -> (deleted: Int, unknown: Int) {
        try await query("BEGIN")
        do {
            let upper = healthKitUUIDs.map { $0.uppercased() }
            let found = try await query(
                "SELECT uuid FROM phone_samples WHERE person = \(person) AND healthkit_uuid = ANY(\(upper))")
            let uuids = try found.map { try $0.decode(String.self) }
            var deleted = 0
            if !uuids.isEmpty {
                let now = ExportTimestamp.now.iso8601
                let run = try await query(
                    """
                    INSERT INTO imports (person, input, "window", started, finished, outcome, read_count, new_count, \
                    already_imported_count, outside_window_count, invalid_count) \
                    VALUES (\(person), 'phone deletions', 'phone', \(now), \(now), 'completed', \
                    \(Int64(healthKitUUIDs.count)), 0, 0, 0, 0) RETURNING id
                    """
                ).first!.decode(Int64.self)
                var touched = TouchedDays()
                for table in Self.phoneSampleTables {
                    let rows = try await query(
                        """
                        UPDATE \(unescaped: table) SET deleted_by = \(run) WHERE person = \(person) \
                        AND uuid = ANY(\(uuids)) AND deleted_by IS NULL AND replaced_by IS NULL \
                        RETURNING type, start_unix, end_unix
                        """)
                    for row in rows {
                        let (type, start, end) = try row.decode((String, Int64, Int64).self)
                        touched.note(type: type, start: start, end: end)
                        deleted += 1
                    }
                }
                try await query(
                    "UPDATE imports SET deleted_count = \(Int64(deleted)) WHERE person = \(person) AND id = \(run)")
                try await PostgresStatistics.notePending(touched, store: self, on: connection)
                try await PostgresStatistics.refreshPending(store: self, on: connection)
            }
            try await query("COMMIT")
            return (deleted, healthKitUUIDs.count - deleted)
        } catch {
            _ = try? await query("ROLLBACK")
            throw StoreError.postgres(error, url: url)
        }
    }
}
#endif
