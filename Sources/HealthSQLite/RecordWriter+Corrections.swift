import GRDB
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows

/// Corrections by a later export: records whose content changed under the same ID, and records
/// replaced by a higher sync version. The rules are ``CorrectionRules``'; this is their SQL.
extension RecordWriter {
    /// Counts a row added to the store.
    func noteInserted(_ type: String, _ count: Int = 1) {
        inserted += count
        outcome.added[type, default: 0] += count
    }

    /// Counts `record` as updated and notes its range.
    func noteUpdated(_ record: HealthRecord) {
        outcome.updated[record.type, default: 0] += 1
        if let start = record.start?.secondsSince1970 {
            outcome.touched.note(type: record.type, start: start)
            touched.note(type: record.type, start: start, end: record.end?.secondsSince1970 ?? start)
        }
    }

    /// Writes a record with a sync identifier (`tag`) as its ``SyncPlan`` says.
    func writeSynced(_ item: IdentifiedRecord, tag: SyncPlan.Tag) throws -> Bool {
        try flushMetadata()
        let record = item.record
        let type = record.type
        let lookup = try db.cachedStatement(
            sql:
                "SELECT version, record_uuid, start_unix FROM sync_versions WHERE type = ? AND source_name = ? AND sync_identifier = ?"
        )
        let row = try Row.fetchOne(lookup, arguments: [type, tag.key.source, tag.key.identifier])
        let stored = row.flatMap { row in
            RecordID(row[1] as String).map { SyncPlan.Version(id: $0, version: row[0], start: row[2]) }
        }
        let plan = SyncPlan([item], tags: [tag], stored: stored.map { [tag.key: $0] } ?? [:])
        guard !plan.keepStored.contains(0) else {
            outcome.alreadyStored[type, default: 0] += 1
            return false
        }
        if plan.newerVersion.contains(0) {
            try removeRows(of: record, uuid: item.id.description)
            _ = try insertRow(item)
            try saveSync(plan)
            noteUpdated(record)
            return false
        }
        let replaced = plan.replacing[0]
        if let replaced {
            let key = replaced.keyedByType ? "\(StoreSchema.typeIDMatches) AND start_unix = ? AND uuid = ?" : "uuid = ?"
            let arguments: StatementArguments =
                replaced.keyedByType
                ? [item.id.description, type, replaced.start, replaced.old.description]
                : [item.id.description, replaced.old.description]
            try db.execute(
                sql: "UPDATE \(StoreSchema.rows(of: replaced.table)) SET replaced_by = ? WHERE \(key)",
                arguments: arguments)
            replacedKeys.insert(RunSightings.key(replaced.old))
            outcome.touched.note(type: type, start: replaced.start)
            touched.noteAround(type: type, start: replaced.start)
        }
        let added = try insertRow(item)
        try saveSync(plan)
        if replaced != nil {
            if added { noteInserted(type) }
            noteUpdated(record)
        } else if added {
            noteInserted(type)
        } else {
            outcome.alreadyStored[type, default: 0] += 1
        }
        return added
    }

    /// Saves the versions `plan` made current.
    private func saveSync(_ plan: SyncPlan) throws {
        for (key, version) in plan.saves {
            let statement = try insert(
                """
                INSERT OR REPLACE INTO sync_versions (type, source_name, sync_identifier, version, record_uuid, start_unix) \
                VALUES (?, ?, ?, ?, ?, ?)
                """)
            statement.text(key.type)
            statement.text(key.source)
            statement.text(key.identifier)
            statement.real(version.version)
            statement.text(version.id)
            statement.integer(version.start)
            try statement.run()
        }
    }

    /// Deletes a record's rows and its children (``RecordTables/children(of:)``), to write its
    /// newer content.
    func removeRows(of record: HealthRecord, uuid: String) throws {
        try flushMetadata()
        clocks?.noteRewritten(uuid: uuid)
        guard let (table, keyedByType) = RecordTables.synced(record) else { return }
        if keyedByType, let start = record.start?.secondsSince1970 {
            try db.execute(
                sql:
                    "DELETE FROM \(StoreSchema.rows(of: table)) WHERE \(StoreSchema.typeIDMatches) AND start_unix = ? AND uuid = ?",
                arguments: [record.type, start, uuid])
        } else {
            try db.execute(sql: "DELETE FROM \(table) WHERE uuid = ?", arguments: [uuid])
        }
        for (child, column) in RecordTables.children(of: record) {
            try db.execute(
                sql: "DELETE FROM \(StoreSchema.rows(of: child)) WHERE \(column) = ?", arguments: [uuid])
        }
    }

    /// Brings a stored record whose content can change up to `item`'s content; returns whether it changed.
    func correct(_ item: IdentifiedRecord) throws -> Bool {
        try flushMetadata()
        let uuid = item.id.description
        if let correction = InPlaceCorrection(item.record) { return try correctInPlace(correction, uuid: uuid) }
        switch item.record {
        case .workout(let workout):
            let digest = ContentDigest.text(of: workout)
            let stored = try String.fetchOne(
                db.cachedStatement(sql: "SELECT digest FROM record_digests WHERE uuid = ?"), arguments: [uuid])
            guard let stored else {
                // Stored before digests were kept: this run's content becomes the reference.
                try saveDigest(of: workout, uuid: uuid)
                return false
            }
            guard stored != digest else { return false }
            let deletedBy = try Int64.fetchOne(
                db, sql: "SELECT deleted_by FROM workouts WHERE uuid = ?", arguments: [uuid])
            try removeRows(of: item.record, uuid: uuid)
            _ = try insertRow(item)
            if let deletedBy {
                try db.execute(sql: "UPDATE workouts SET deleted_by = ? WHERE uuid = ?", arguments: [deletedBy, uuid])
            }
            return true
        case .export(let facts):
            return try correctProfile(facts, uuid: uuid)
        default:
            return false
        }
    }

    /// Runs `correction` as one `UPDATE` of the row with `uuid`; returns whether it changed.
    private func correctInPlace(_ correction: InPlaceCorrection, uuid: String) throws -> Bool {
        var values: [(any DatabaseValueConvertible)?] = []
        var compared: [String] = []
        var comparedValues: [(any DatabaseValueConvertible)?] = []
        for column in correction.columns {
            let value: (any DatabaseValueConvertible)? =
                switch column.value {
                case .real(let number): number
                case .text(let text): text
                }
            values.append(value)
            switch column.comparison {
            case .none: break
            case .exact:
                compared.append("\(column.name) IS NOT ?")
                comparedValues.append(value)
            case .relative:
                compared.append("abs(\(column.name) - ?) > 1e-9 * abs(?)")
                comparedValues += [value, value]
            }
        }
        var key = "uuid = ?"
        var keyValues: [(any DatabaseValueConvertible)?] = [uuid]
        if let (type, start) = correction.typeAndStart {
            key = "\(StoreSchema.typeIDMatches) AND start_unix = ? AND uuid = ?"
            keyValues = [type, start, uuid]
        }
        let set = correction.columns.map { "\($0.name) = ?" }.joined(separator: ", ")
        try db.cachedStatement(
            sql: """
                UPDATE \(StoreSchema.rows(of: correction.table)) SET \(set) \
                WHERE \(key) AND (\(compared.joined(separator: " OR ")))
                """
        ).execute(arguments: StatementArguments(values + keyValues + comparedValues))
        return db.changesCount > 0
    }

    /// Brings the stored `Me` profile up to a newer export's: counted as changed when the
    /// profile differs; a strictly newer export.s date, locale and version follow silently. An older export
    /// read later changes nothing.
    private func correctProfile(_ facts: ExportFacts, uuid: String) throws -> Bool {
        var profile = JSONBuffer(capacity: 256)
        profile.object(facts.profile)
        let profileText = profile.text
        let exportUnix = facts.exportDate?.secondsSince1970
        let newer = "uuid = ? AND (export_unix IS NULL OR export_unix <= ?)"
        try db.execute(
            sql: "UPDATE exports SET profile = ? WHERE \(newer) AND profile IS NOT ?",
            arguments: [profileText, uuid, exportUnix, profileText])
        let changed = db.changesCount > 0
        try db.execute(
            sql: """
                UPDATE exports SET export_date = ?, export_unix = ?, locale = ?, version = ? \
                WHERE uuid = ? AND (export_unix IS NULL OR export_unix < ?)
                """,
            arguments: [facts.exportDate?.iso8601, exportUnix, facts.locale, facts.version, uuid, exportUnix])
        return changed
    }

    /// Keeps a digest of a workout's content (``ContentDigest``), to tell a changed workout in a later export.
    func saveDigest(of workout: Workout, uuid: String) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO record_digests (uuid, digest) VALUES (?, ?)",
            arguments: [uuid, ContentDigest.text(of: workout)])
    }
}
