import GRDB
import GRDBSQLite
import HealthCore
import HealthExport
import HealthJSON
import HealthStatistics
import HealthStoreRows

/// Inserts records into the store's typed tables with cached statements.
///
/// Every insert is `INSERT OR IGNORE` keyed by the record's UUID: a record the store already
/// has is skipped (and counted in ``duplicates``), and its child rows are not written again.
/// Call it inside a transaction; it never opens one, and call ``flushMetadata()`` before the
/// transaction commits: samples' metadata rows wait in the writer (``MetadataBuffer``).
///
/// Quantity samples, most of an export, go ``RowInserter/rowsPerStatement`` at a time into one
/// statement when the store holds none of them, which is the rule for a new store and for the
/// newer part of a later export: the store's keys in the run's time range tell (one query per
/// run, or one per sample when the range holds many). Otherwise they are written one by one as
/// above, so the store ends the same either way.
final class RecordWriter {
    let db: Database
    // The properties marked `@exclusivity(unchecked)` are read for every row; the writer's
    // thread alone uses them and never lends them out while it writes, so their dynamic
    // exclusivity checks are dropped.
    private var statements: [String: BoundStatement] = [:]
    /// The statements of the tables most rows go to, kept apart from ``statements`` so a row
    /// costs no hashing of its SQL.
    @exclusivity(unchecked) private var quantityStatement: BoundStatement?
    @exclusivity(unchecked) private var categoryStatement: BoundStatement?
    private let metadataRows: RowInserter
    private let heartbeatRows: RowInserter
    /// Inserts runs of quantity samples that cannot be in the store yet.
    private let quantityRows: RowInserter
    @exclusivity(unchecked) private var quantityKeys: BoundStatement?
    @exclusivity(unchecked) private var quantityKeyProbe: BoundStatement?
    /// Samples' metadata rows, inserted in key order before the transaction ends.
    @exclusivity(unchecked) private var heldMetadata: MetadataBuffer
    /// Beats of the run ``writeQuantities(_:)`` is writing.
    @exclusivity(unchecked) private var pendingBeats: [(RecordID, [Heartbeat])] = []
    /// A quantity run's start and end seconds and metadata, in its order, kept while its rows are inserted.
    @exclusivity(unchecked) private var pendingChildren: [(start: Int64, end: Int64, metadata: [MetadataEntry])] = []
    /// The header of the samples kept with it as text (weights, correlations, workouts, audiograms).
    let headers = HeaderRows()
    /// The keys of types, sources and devices in the keyed sample rows.
    let keys: SampleKeys
    /// What the store found: records it had already, updated, replaced (see ``StoreOutcome``).
    @exclusivity(unchecked) var outcome = StoreOutcome()
    /// Rows added to the main tables.
    @exclusivity(unchecked) var inserted = 0
    /// Runs of quantity samples inserted by one statement each, rather than one by one.
    @exclusivity(unchecked) private(set) var quantityRunsInserted = 0
    /// The days that new, updated, replaced or deleted samples cover, by type: their statistics
    /// are to be recomputed.
    @exclusivity(unchecked) var touched = TouchedDays()
    /// The keys (``RunSightings/key(_:isNew:)``) of the rows this run marked replaced by a newer
    /// sync version: the deletion check, comparing the run with the store as it was, leaves them out.
    var replacedKeys: Set<UInt64> = []
    /// Where the samples' clock metadata and the records rewritten are noted, for the
    /// statistics computed beside an import.
    @exclusivity(unchecked) var clocks: ClockMetadataLog?

    /// A writer on `db`, holding back at most `heldMetadata` metadata rows of samples.
    init(_ db: Database, heldMetadata: Int = MetadataBuffer.defaultCapacity) {
        self.db = db
        self.heldMetadata = MetadataBuffer(capacity: heldMetadata)
        metadataRows = RowInserter(
            db, "INSERT OR IGNORE INTO metadata (record_uuid, position, key, value)", columns: 4)
        heartbeatRows = RowInserter(db, "INSERT OR IGNORE INTO heartbeat_series (sample_uuid, beats)", columns: 2)
        quantityRows = RowInserter(db, Self.quantityHead, columns: Self.quantityColumns)
        keys = SampleKeys(db)
    }

    /// Writes a batch of records in order.
    func write(_ batch: [IdentifiedRecord]) throws {
        var index = batch.startIndex
        while index < batch.endIndex {
            let end = quantityRunEnd(batch, from: index)
            if end - index > 1, try writeQuantities(batch[index..<end]) {
                index = end
                continue
            }
            for item in batch[index..<max(end, index + 1)] { try write(item) }
            index = max(end, index + 1)
        }
    }

    /// The end of the run of quantity samples of one type starting at `start`, at most
    /// ``RowInserter/rowsPerStatement`` long (`start` when that record is no quantity sample).
    private func quantityRunEnd(_ batch: [IdentifiedRecord], from start: Int) -> Int {
        guard let type = batch[start].record.quantityType else { return start }
        let limit = min(batch.endIndex, start + RowInserter.rowsPerStatement)
        var end = start + 1
        while end < limit, batch[end].record.quantityType == type {
            end += 1
        }
        return end
    }

    /// Inserts a run of quantity samples of one type, and their metadata and beats, with one
    /// statement per table; returns `false`, having written nothing, when that could skip one
    /// of them: the store holds one of them, or the run holds one record twice. The caller then
    /// writes them one by one.
    private func writeQuantities(_ items: ArraySlice<IdentifiedRecord>) throws -> Bool {
        let statement = try quantityRows.statement(rows: items.count)
        defer {
            // Held no longer than the records, whose memory the pushing thread frees (`BatchQueue`).
            pendingChildren.removeAll(keepingCapacity: true)
            pendingBeats.removeAll(keepingCapacity: true)
        }
        guard let first = items.indices.first, let type = items[first].record.quantityType else { return false }
        // One run, one type: its name and key are taken once, not per row.
        let typeKey = try keys.type(type)
        var earliest = Int64.max
        var latest = Int64.min
        // Records are read in place, by index, and each sample taken out of its record once: a
        // copy retains its every reference.
        for index in items.indices {
            guard case .quantity(let sample) = items[index].record else {
                preconditionFailure("a run of quantity samples")
            }
            let id = items[index].id
            try bind(sample, typeKey: typeKey, id: id, to: statement)
            let header = sample.header
            let start = header.startDate.secondsSince1970
            earliest = min(earliest, start)
            latest = max(latest, start)
            if !sample.metadata.isEmpty, SyncTag(metadata: sample.metadata) != nil {
                // Sync versions are settled one record at a time.
                statement.discardRow()
                return false
            }
            pendingChildren.append((start, header.endDate.secondsSince1970, sample.metadata))
            if !sample.beats.isEmpty {
                pendingBeats.append((id, sample.beats))
            }
        }
        // A type's samples are not in time order in every export (apps that write theirs later),
        // so a run often shares its time range with stored samples of other sources: then the
        // keys tell whether it shares a record.
        if try Self.repeatsAnID(items) || holdsAny(items, typeKey: typeKey, from: earliest, through: latest) {
            statement.discardRow()
            return false
        }
        let added = try statement.runCountingRows()
        quantityRunsInserted += 1
        noteInserted(type, added)
        for (index, (start, end, metadata)) in zip(items.indices, pendingChildren) {
            touched.note(type: type, start: start, end: end)
            try holdMetadata(metadata, owner: items[index].id)
        }
        if added < items.count {
            // Not expected after the checks above: count the rows SQLite ignored, keep the children.
            outcome.alreadyStored[type, default: 0] += items.count - added
        }
        if !pendingBeats.isEmpty {
            heartbeatRows.begin(rows: pendingBeats.count)
            for (owner, beats) in pendingBeats { try bindBeats(beats, owner: owner) }
        }
        return true
    }

    /// Whether the store holds one of `items`, quantity samples of the type keyed `typeKey`
    /// starting in `earliest...latest`; `pendingChildren` holds their starts. The store's keys in
    /// that range are compared with theirs, or, when the range holds many, each is looked up.
    private func holdsAny(
        _ items: ArraySlice<IdentifiedRecord>, typeKey: Int64, from earliest: Int64, through latest: Int64
    ) throws -> Bool {
        let statement = try insert(
            &quantityKeys,
            "SELECT start_unix, uuid FROM quantity_sample_rows WHERE type_id = ? AND start_unix BETWEEN ? AND ? LIMIT ?"
        )
        let limit = 4 * items.count
        statement.integer(typeKey)
        statement.integer(earliest)
        statement.integer(latest)
        statement.integer(limit + 1)
        var held = false
        let rows = try statement.visitRows { row in
            let start = sqlite3_column_int64(row, 0)
            for (index, children) in zip(items.indices, pendingChildren) where children.start == start {
                guard let text = sqlite3_column_text(row, 1) else { continue }
                let stored = RecordID(
                    utf8: UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(row, 1))))
                if stored == items[index].id {
                    held = true
                    return false
                }
            }
            return true
        }
        return try held || (rows > limit && holdsAnyKey(items, typeKey: typeKey))
    }

    /// Whether the store holds one of `items`, each looked up by its key.
    private func holdsAnyKey(_ items: ArraySlice<IdentifiedRecord>, typeKey: Int64) throws -> Bool {
        let statement = try insert(
            &quantityKeyProbe,
            "SELECT EXISTS (SELECT 1 FROM quantity_sample_rows WHERE type_id = ? AND start_unix = ? AND uuid = ?)")
        for (index, children) in zip(items.indices, pendingChildren) {
            statement.integer(typeKey)
            statement.integer(children.start)
            statement.text(items[index].id)
            if try statement.runQuery() != 0 { return true }
        }
        return false
    }

    /// Whether two of `items` share an ID.
    private static func repeatsAnID(_ items: ArraySlice<IdentifiedRecord>) -> Bool {
        var index = items.startIndex
        while index < items.endIndex {
            let id = items[index].id
            var other = index + 1
            while other < items.endIndex {
                if items[other].id == id { return true }
                other += 1
            }
            index += 1
        }
        return false
    }

    /// The cached statement for `sql`.
    func insert(_ sql: String) throws -> BoundStatement {
        if let statement = statements[sql] { return statement }
        let statement = BoundStatement(try db.cachedStatement(sql: sql))
        statements[sql] = statement
        return statement
    }

    /// The statement in `slot`, prepared from `sql` on first use.
    @inline(__always)
    private func insert(_ slot: inout BoundStatement?, _ sql: String) throws -> BoundStatement {
        if let statement = slot { return statement }
        let statement = try insert(sql)
        slot = statement
        return statement
    }

    /// Writes one record; returns whether it was new to the store. A record the store has is
    /// compared when its content can change (``CorrectionRules/mayChange(_:)``), and a record
    /// with a sync identifier is settled against the stored version (``writeSynced(_:tag:)``).
    @discardableResult
    func write(_ item: IdentifiedRecord) throws -> Bool {
        if let tag = SyncPlan.tag(of: item, at: 0) { return try writeSynced(item, tag: tag) }
        let added = try insertRow(item)
        if added {
            noteInserted(item.record.type)
        } else if CorrectionRules.mayChange(item.record), !item.isRepeat, try correct(item) {
            noteUpdated(item.record)
        } else {
            outcome.alreadyStored[item.record.type, default: 0] += 1
        }
        return added
    }

    /// Inserts one record's rows unless the store has its UUID; returns whether it did.
    func insertRow(_ item: IdentifiedRecord) throws -> Bool {
        let added: Bool
        switch item.record {
        case .quantity(let sample): added = try write(sample, id: item.id)
        case .weight(let sample): added = try write(sample, id: item.id)
        case .category(let sample): added = try write(sample, id: item.id)
        default:
            let id = item.id
            switch item.record {
            case .export(let facts): added = try write(facts, id: id)
            case .correlation(let correlation):
                added = try write(correlation, id: id, memberIDs: item.memberIDs)
            case .workout(let workout): added = try write(workout, id: id)
            case .activitySummary(let summary): added = try write(summary, id: id)
            case .clinical(let record): added = try write(record, id: id)
            case .audiogram(let audiogram): added = try write(audiogram, id: id)
            case .visionPrescription(let prescription): added = try write(prescription, id: id)
            case .route(let route): added = try write(route, id: id)
            case .electrocardiogram(let ecg): added = try write(ecg, id: id)
            case .quantity, .weight, .category: preconditionFailure("handled above")
            }
        }
        return added
    }

    func bindHeader(_ statement: BoundStatement, _ header: SampleHeader, id: RecordID) {
        headers.bind(header, id: id, into: statement)
    }

    /// Binds the header's columns to a keyed sample row (``StoreSchema/sampleRowTables``):
    /// `uuid`, then the keys of type, source and device, then the dates.
    private func bindKeyedHeader(_ statement: BoundStatement, _ header: SampleHeader, id: RecordID) throws {
        try bindKeyedHeader(statement, header, typeKey: try keys.type(header.type), id: id)
    }

    /// ``bindKeyedHeader(_:_:id:)`` with the type's key known.
    @inline(__always)
    private func bindKeyedHeader(
        _ statement: BoundStatement, _ header: SampleHeader, typeKey: Int64, id: RecordID
    ) throws {
        statement.text(id)
        statement.integer(typeKey)
        statement.integer(try keys.source(name: header.sourceName, version: header.sourceVersion))
        statement.integer(try keys.device(header.device))
        statement.timestamp(header.creationDate)
        statement.timestamp(header.startDate)
        statement.timestamp(header.endDate)
    }

    static let headerColumns =
        "uuid, type, source_name, source_version, device, creation_date, creation_unix, start_date, start_unix, end_date, end_unix"

    /// The header columns of a keyed sample row.
    static let keyedHeaderColumns =
        "uuid, type_id, source_id, device_id, creation_date, creation_unix, start_date, start_unix, end_date, end_unix"

    static func headerInsert(_ table: String, extra: [String]) -> String {
        let keyed = StoreSchema.sampleRowTables[table] != nil
        let marks = Array(repeating: "?", count: (keyed ? 10 : 11) + extra.count).joined(separator: ", ")
        return "\(headerHead(table, extra: extra)) VALUES (\(marks))"
    }

    /// `INSERT OR IGNORE INTO table (columns)`, without values; a view's keyed rows go to its row table.
    static func headerHead(_ table: String, extra: [String]) -> String {
        let header = StoreSchema.sampleRowTables[table] != nil ? keyedHeaderColumns : headerColumns
        return "INSERT OR IGNORE INTO \(StoreSchema.rows(of: table)) (\(([header] + extra).joined(separator: ", ")))"
    }

    /// Inserts the metadata of a record other than a sample (workouts, correlations: few).
    func writeMetadata(_ entries: [MetadataEntry], owner: String) throws {
        guard !entries.isEmpty else { return }
        metadataRows.begin(rows: entries.count)
        for (position, entry) in entries.enumerated() {
            let statement = try metadataRows.row()
            statement.text(owner)
            statement.integer(position)
            statement.text(entry.key)
            statement.text(entry.value)
            try metadataRows.endRow()
        }
    }

    /// Holds back `entries` for the record `owner` until ``flushMetadata()``, which runs
    /// itself when the buffer is full.
    private func holdMetadata(_ entries: [MetadataEntry], owner: RecordID) throws {
        guard !entries.isEmpty else { return }
        clocks?.note(entries, of: owner)
        heldMetadata.append(entries, owner: owner)
        if heldMetadata.isFull { try flushMetadata() }
    }

    /// Inserts the samples' metadata rows held back, in key order. The writer calls it before
    /// it commits, and before a statement that reads or removes a stored record's metadata.
    func flushMetadata() throws {
        guard !heldMetadata.rows.isEmpty else { return }
        metadataRows.begin(rows: heldMetadata.rows.count)
        try heldMetadata.flush { row in
            let statement = try metadataRows.row()
            statement.text(row.owner)
            statement.integer(Int(row.position))
            statement.text(row.entry.key)
            statement.text(row.entry.value)
            try metadataRows.endRow()
        }
    }

    /// Binds a sample's `beats` as one row of ``heartbeatRows`` (announced by the caller): a JSON
    /// array of `[bpm, time_unix_ms, written_time]`, which the `heartbeats` view spreads out.
    private func bindBeats(_ beats: [Heartbeat], owner: RecordID) throws {
        let statement = try heartbeatRows.row()
        statement.text(owner)
        statement.json { $0.beatSeries(beats) }
        try heartbeatRows.endRow()
    }

    static let quantityExtra = ["value", "unit", "value_text"]
    static let quantityColumns = 10 + quantityExtra.count
    static let quantityHead = headerHead("quantity_samples", extra: quantityExtra)
    static let quantityInsert = headerInsert("quantity_samples", extra: quantityExtra)
    static let weightInsert = headerInsert("weight_samples", extra: ["kilograms", "value", "unit"])
    static let categoryInsert = headerInsert("category_samples", extra: ["value", "raw_value"])
    static let correlationInsert = headerInsert("correlations", extra: [])

    /// Binds a quantity sample's row, its type keyed `typeKey`.
    @inline(__always)
    private func bind(_ sample: QuantitySample, typeKey: Int64, id: RecordID, to statement: BoundStatement) throws {
        try bindKeyedHeader(statement, sample.header, typeKey: typeKey, id: id)
        statement.real(sample.value)
        statement.text(sample.unit)
        statement.text(sample.valueText)
    }

    @inline(__always)
    private func touch(_ header: SampleHeader) {
        touched.note(
            type: header.type, start: header.startDate.secondsSince1970, end: header.endDate.secondsSince1970)
    }

    private func write(_ sample: QuantitySample, id: RecordID) throws -> Bool {
        let statement = try insert(&quantityStatement, Self.quantityInsert)
        try bind(sample, typeKey: try keys.type(sample.header.type), id: id, to: statement)
        guard try statement.run() else { return false }
        touch(sample.header)
        try holdMetadata(sample.metadata, owner: id)
        if !sample.beats.isEmpty {
            heartbeatRows.begin(rows: 1)
            try bindBeats(sample.beats, owner: id)
        }
        return true
    }

    private func write(_ sample: WeightSample, id: RecordID) throws -> Bool {
        let statement = try insert(Self.weightInsert)
        bindHeader(statement, sample.header, id: id)
        statement.real(sample.kilograms)
        statement.real(sample.value)
        statement.text(sample.unit)
        guard try statement.run() else { return false }
        touch(sample.header)
        try holdMetadata(sample.metadata, owner: id)
        return true
    }

    private func write(_ sample: CategorySample, id: RecordID) throws -> Bool {
        let statement = try insert(&categoryStatement, Self.categoryInsert)
        try bindKeyedHeader(statement, sample.header, id: id)
        statement.text(sample.value)
        statement.integer(sample.rawValue)
        guard try statement.run() else { return false }
        touch(sample.header)
        try holdMetadata(sample.metadata, owner: id)
        return true
    }

    private func write(_ correlation: Correlation, id: RecordID, memberIDs: [RecordID]) throws -> Bool {
        let uuid = id.description
        let statement = try insert(Self.correlationInsert)
        bindHeader(statement, correlation.header, id: id)
        guard try statement.run() else { return false }
        try writeMetadata(correlation.metadata, owner: uuid)
        let members = try insert(
            "INSERT OR IGNORE INTO correlation_members (correlation_uuid, member_uuid, member_kind) VALUES (?, ?, ?)")
        for (member, memberID) in zip(correlation.members, memberIDs) {
            let record = member.record
            members.text(uuid)
            members.text(memberID.description)
            members.text(record.kind.rawValue)
            try members.run()
        }
        return true
    }
}

extension HealthRecord {
    /// A quantity sample's type; `nil` for other records. Read in place: matching a record
    /// held in an array against `.quantity` copies it whole, and `kind` then `type` take two
    /// switches where one does.
    fileprivate var quantityType: String? {
        if case .quantity(let sample) = self { sample.header.type } else { nil }
    }
}
