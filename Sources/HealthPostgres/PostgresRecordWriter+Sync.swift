#if PostgreSQL
import HealthCore
import HealthExport
import PostgresNIO

/// Records with a sync identifier, settled against the stored version as the SQLite store does
/// (``CorrectionRules/sync(incoming:version:stored:)``), a batch at a time: one look-up of the
/// stored versions, the decisions in the batch's order, then the rows.
extension PostgresRecordWriter {
    /// What the sync versions decided for a batch.
    struct SyncPlan {
        /// Every record with a sync identifier: settled here, never compared as a correction.
        var tagged: Set<Int> = []
        /// Records older than the stored version: not written, counted as already imported.
        var keepStored: Set<Int> = []
        /// Records stored under the same ID with a lower version: rewritten, counted updated.
        var newerVersion: Set<Int> = []
        /// Records that replace another stored record, whose row gets `replaced_by`.
        var replacing: [Int: (table: String, keyedByType: Bool, start: Int64, old: RecordID)] = [:]
        /// The versions to save, by key.
        var saves: [SyncKey: (version: Double, id: RecordID, start: Int64)] = [:]
    }

    /// A type, source and sync identifier.
    struct SyncKey: Hashable {
        var type: String
        var source: String
        var identifier: String
    }

    /// Decides the batch's records with a sync identifier.
    func planSync(_ batch: [IdentifiedRecord]) async throws -> SyncPlan {
        var plan = SyncPlan()
        var tagged: [(index: Int, key: SyncKey, version: Double)] = []
        for (index, item) in batch.enumerated() {
            let metadata = item.record.ownMetadata
            guard !metadata.isEmpty, let tag = SyncTag(metadata: metadata) else { continue }
            let key = SyncKey(type: item.record.type, source: item.record.sourceName ?? "", identifier: tag.identifier)
            tagged.append((index, key, tag.version))
            plan.tagged.insert(index)
        }
        guard !tagged.isEmpty else { return plan }
        var stored = try await storedVersions(Set(tagged.map(\.key)))
        for (index, key, version) in tagged {
            let item = batch[index]
            let current = stored[key]
            let start = item.record.start?.secondsSince1970 ?? 0
            switch CorrectionRules.sync(
                incoming: item.id, version: version, stored: current.map { ($0.id, $0.version) })
            {
            case .keepStored:
                plan.keepStored.insert(index)
                continue
            case .sameRecord:
                continue
            case .insert:
                break
            case .sameRecordNewerVersion:
                plan.newerVersion.insert(index)
            case .replace(let old):
                if let table = RecordTables.synced(item.record), let current {
                    plan.replacing[index] = (table.name, table.keyedByType, current.start, old)
                } else {
                    plan.replacing[index] = ("", false, start, old)
                }
            }
            stored[key] = (item.id, version, start)
            plan.saves[key] = (version, item.id, start)
        }
        return plan
    }

    /// The stored versions of `keys`.
    private func storedVersions(_ keys: Set<SyncKey>) async throws -> [SyncKey: (
        id: RecordID, version: Double, start: Int64
    )] {
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
        var found: [SyncKey: (id: RecordID, version: Double, start: Int64)] = [:]
        for try await (type, source, identifier, version, uuid, start) in rows.decode(
            (String, String, String, Double, String, Int64).self)
        {
            guard let id = RecordID(uuid) else { continue }
            found[SyncKey(type: type, source: source, identifier: identifier)] = (id, version, start)
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
        for (index, replaced) in plan.replacing.sorted(by: { $0.key < $1.key }) where !replaced.table.isEmpty {
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
