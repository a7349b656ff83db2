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
    public func insertPhoneSamples(_ records: [IdentifiedRecord], healthKitUUIDs: [String?]) async throws
        -> [String: Int]
    {
        try await insertRecords(records) {
            var phone: [String] = []
            var rows: [String] = []
            for (record, healthKitUUID) in zip(records, healthKitUUIDs) {
                guard let healthKitUUID else { continue }
                phone.append(healthKitUUID.uppercased())
                rows.append(record.id.description)
            }
            guard !phone.isEmpty else { return }
            var binds = PostgresBindings()
            binds.append(person)
            binds.append(phone)
            binds.append(rows)
            try await query(
                """
                INSERT INTO phone_samples (person, healthkit_uuid, uuid) \
                SELECT $1, h, u FROM unnest($2::text[], $3::text[]) AS given(h, u) \
                ON CONFLICT (person, healthkit_uuid) DO UPDATE SET uuid = excluded.uuid
                """, binds)
        }
    }

    /// Marks deleted the rows of the samples the phone deleted (`healthKitUUIDs`), as a later
    /// export does: `deleted_by` is a run of the import log (input `phone deletions`), the
    /// statistics of their days are recomputed, all in one transaction. Returns the rows marked
    /// and the UUIDs that named no current row.
    public func deletePhoneSamples(_ healthKitUUIDs: [String]) async throws -> (deleted: Int, unknown: Int) {
        try await query("BEGIN")
        do {
            var lookup = PostgresBindings()
            lookup.append(person)
            lookup.append(healthKitUUIDs.map { $0.uppercased() })
            let found = try await query(
                "SELECT uuid FROM phone_samples WHERE person = $1 AND healthkit_uuid = ANY($2)", lookup)
            let uuids = try found.map { try $0.decode(String.self) }
            var deleted = 0
            if !uuids.isEmpty {
                let now = ExportTimestamp.now.iso8601
                let run = try await query(
                    """
                    INSERT INTO imports (person, input, "window", started, finished, outcome, read_count, new_count, \
                    already_imported_count, outside_window_count, invalid_count) \
                    VALUES ($1, 'phone deletions', 'phone', $2, $2, 'completed', $3, 0, 0, 0, 0) RETURNING id
                    """, Self.binds([person, now, Int64(healthKitUUIDs.count)])
                ).first!.decode(Int64.self)
                var touched = TouchedDays()
                for table in Self.phoneSampleTables {
                    var binds = PostgresBindings()
                    binds.append(person)
                    binds.append(uuids)
                    binds.append(run)
                    let rows = try await query(
                        """
                        UPDATE \(table) SET deleted_by = $3 WHERE person = $1 AND uuid = ANY($2) \
                        AND deleted_by IS NULL AND replaced_by IS NULL RETURNING type, start_unix, end_unix
                        """, binds)
                    for row in rows {
                        let (type, start, end) = try row.decode((String, Int64, Int64).self)
                        touched.note(type: type, start: start, end: end)
                        deleted += 1
                    }
                }
                try await query(
                    "UPDATE imports SET deleted_count = $1 WHERE person = $3 AND id = $2",
                    Self.binds([Int64(deleted), run, person]))
                try await PostgresStatistics.notePending(touched, store: self, on: connection)
                try PostgresStatistics.refreshPending(store: self, on: connection)
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
