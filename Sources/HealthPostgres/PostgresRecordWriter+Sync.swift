#if PostgreSQL
import HealthCore
import HealthExport
import PostgresNIO

/// Records with a sync identifier, settled against the stored versions a batch at a time
/// (``SyncPlan``): one look-up of the stored versions, then the plan's rows.
extension PostgresRecordWriter {
    /// Decides the batch's records with a sync identifier.
    func planSync(_ batch: [IdentifiedRecord]) async throws -> SyncPlan {
        let tags = SyncPlan.tags(in: batch)
        guard !tags.isEmpty else { return SyncPlan(batch, tags: [], stored: [:]) }
        return SyncPlan(batch, tags: tags, stored: try await storedVersions(Set(tags.map(\.key))))
    }

    /// The stored versions of `keys`.
    private func storedVersions(_ keys: Set<SyncPlan.Key>) async throws -> [SyncPlan.Key: SyncPlan.Version] {
        let keys = Array(keys)
        var binds = PostgresBindings(capacity: 4)
        binds.append(person)
        binds.append(keys.map(\.type))
        binds.append(keys.map(\.source))
        binds.append(keys.map(\.identifier))
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    SELECT v.type, v.source_name, v.sync_identifier, v.version, v.record_uuid, v.start_unix \
                    FROM unnest($2::text[], $3::text[], $4::text[]) AS k(type, source_name, sync_identifier) \
                    JOIN sync_versions v ON v.person = $1 AND v.type = k.type AND v.source_name = k.source_name \
                    AND v.sync_identifier = k.sync_identifier
                    """, binds: binds), logger: logger)
        var found: [SyncPlan.Key: SyncPlan.Version] = [:]
        for try await (type, source, identifier, version, uuid, start) in rows.decode(
            (String, String, String, Double, String, Int64).self)
        {
            guard let id = RecordID(uuid) else { continue }
            found[SyncPlan.Key(type: type, source: source, identifier: identifier)] = SyncPlan.Version(
                id: id, version: version, start: start)
        }
        return found
    }

    /// Removes the stored rows (and child rows) of the records the plan rewrites at a newer version.
    func removeRewritten(_ plan: SyncPlan, in batch: [IdentifiedRecord]) async throws {
        guard !plan.newerVersion.isEmpty else { return }
        // The UUIDs to delete, by table and the column naming the record (RecordTables.children).
        var byTable: [String: (column: String, uuids: [String])] = [:]
        for index in plan.newerVersion.sorted() {
            let record = batch[index].record
            guard let table = RecordTables.synced(record) else { continue }
            let uuid = batch[index].id.description
            for (name, column) in [(table.name, "uuid")] + RecordTables.children(of: record) {
                byTable[name, default: (column, [])].uuids.append(uuid)
            }
        }
        for (table, (column, values)) in byTable.sorted(by: { $0.key < $1.key }) {
            let sql = "DELETE FROM \(table) WHERE person = $1 AND \(column) = ANY($2)"
            var binds = PostgresBindings(capacity: 2)
            binds.append(person)
            binds.append(values)
            try await run(sql, binds)
        }
    }

    /// Marks the rows the plan's records replace, and saves the plan's versions.
    func finishSync(_ plan: SyncPlan, in batch: [IdentifiedRecord]) async throws {
        for (index, replaced) in plan.replacing.sorted(by: { $0.key < $1.key }) {
            let key = replaced.keyedByType ? "type = $3 AND start_unix = $4 AND uuid = $5" : "uuid = $5"
            var binds = PostgresBindings(capacity: 5)
            binds.append(person)
            binds.append(batch[index].id.description)
            binds.append(batch[index].record.type)
            binds.append(replaced.start)
            binds.append(replaced.old.description)
            try await run("UPDATE \(replaced.table) SET replaced_by = $2 WHERE person = $1 AND \(key)", binds)
        }
        guard !plan.saves.isEmpty else { return }
        let saves = Array(plan.saves)
        var binds = PostgresBindings(capacity: 7)
        binds.append(person)
        binds.append(saves.map(\.key.type))
        binds.append(saves.map(\.key.source))
        binds.append(saves.map(\.key.identifier))
        binds.append(saves.map(\.value.version))
        binds.append(saves.map(\.value.id.description))
        binds.append(saves.map(\.value.start))
        try await run(
            """
            INSERT INTO sync_versions (person, type, source_name, sync_identifier, version, record_uuid, start_unix) \
            SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::text[], $7::int8[]) \
            ON CONFLICT (person, type, source_name, sync_identifier) DO UPDATE SET version = excluded.version, \
            record_uuid = excluded.record_uuid, start_unix = excluded.start_unix
            """, binds)
    }

    private func run(_ sql: String, _ binds: PostgresBindings) async throws {
        for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger) {}
    }
}
#endif
