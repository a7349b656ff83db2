import GRDB
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows

/// Corrections by a later export: records whose content changed under the same ID, and records
/// replaced by a higher sync version. The rules are ``CorrectionRules``'; this is their SQL.
extension RecordWriter {
    /// The sync tag of a record of a kind that carries metadata, if it has one.
    static func syncTag(_ record: HealthRecord) -> SyncTag? {
        let metadata = record.ownMetadata
        return metadata.isEmpty ? nil : SyncTag(metadata: metadata)
    }

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

    /// Writes a record with a sync identifier as ``CorrectionRules/sync(incoming:version:stored:)`` decides.
    func writeSynced(_ item: IdentifiedRecord, tag: SyncTag) throws -> Bool {
        try flushMetadata()
        let record = item.record
        let type = record.type
        let source = record.sourceName ?? ""
        let lookup = try db.cachedStatement(
            sql:
                "SELECT version, record_uuid, start_unix FROM sync_versions WHERE type = ? AND source_name = ? AND sync_identifier = ?"
        )
        let row = try Row.fetchOne(lookup, arguments: [type, source, tag.identifier])
        let stored: (id: RecordID, version: Double, start: Int64)? = row.flatMap { row in
            RecordID(row[1] as String).map { ($0, row[0] as Double, row[2] as Int64) }
        }
        let decision = CorrectionRules.sync(
            incoming: item.id, version: tag.version, stored: stored.map { ($0.id, $0.version) })
        switch decision {
        case .keepStored:
            outcome.alreadyStored[type, default: 0] += 1
            return false
        case .sameRecord:
            let added = try insertRow(item)
            if added { noteInserted(type) } else { outcome.alreadyStored[type, default: 0] += 1 }
            return added
        case .insert:
            let added = try insertRow(item)
            if added { noteInserted(type) } else { outcome.alreadyStored[type, default: 0] += 1 }
            try saveSync(item, tag: tag, source: source)
            return added
        case .sameRecordNewerVersion:
            try removeRows(of: record, uuid: item.id.description)
            _ = try insertRow(item)
            try saveSync(item, tag: tag, source: source)
            noteUpdated(record)
            return false
        case .replace(let old):
            if let (table, keyedByType) = RecordTables.synced(record), let stored {
                let key = keyedByType ? "\(StoreSchema.typeIDMatches) AND start_unix = ? AND uuid = ?" : "uuid = ?"
                let arguments: StatementArguments =
                    keyedByType
                    ? [item.id.description, type, stored.start, old.description]
                    : [item.id.description, old.description]
                try db.execute(
                    sql: "UPDATE \(StoreSchema.rows(of: table)) SET replaced_by = ? WHERE \(key)", arguments: arguments)
                replacedKeys.insert(RunSightings.key(old))
                outcome.touched.note(type: type, start: stored.start)
                touched.noteAround(type: type, start: stored.start)
            }
            let added = try insertRow(item)
            try saveSync(item, tag: tag, source: source)
            if added { noteInserted(type) }
            noteUpdated(record)
            return added
        }
    }

    private func saveSync(_ item: IdentifiedRecord, tag: SyncTag, source: String) throws {
        let statement = try insert(
            """
            INSERT OR REPLACE INTO sync_versions (type, source_name, sync_identifier, version, record_uuid, start_unix) \
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        statement.text(item.record.type)
        statement.text(source)
        statement.text(tag.identifier)
        statement.real(tag.version)
        statement.text(item.id)
        statement.integer(item.record.start?.secondsSince1970 ?? 0)
        try statement.run()
    }

    /// Deletes a record's rows and its children (``RecordTables/children(of:)``), to write its
    /// newer content.
    func removeRows(of record: HealthRecord, uuid: String) throws {
        try flushMetadata()
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
            let digest = Self.digest(of: workout)
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
            arguments: [uuid, Self.digest(of: workout)])
    }

    static func digest(of workout: Workout) -> String {
        String(ContentDigest.of(.workout(workout)), radix: 16)
    }
}
