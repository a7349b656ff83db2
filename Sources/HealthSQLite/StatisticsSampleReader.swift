import GRDB
import HealthStatistics

/// Reads the samples statistics are computed from, with their sources and local clocks.
///
/// Rows a later export marked deleted (`deleted_by`) or replaced by a newer sync version
/// (`replaced_by`) are left out.
struct StatisticsSampleReader: StatisticsSampleSource {
    let db: Database
    let zones = LocalZones()
    private(set) var sources: [StatisticsSource] = []
    private var sourceIndex: [String: Int32] = [:]
    /// Device models the `sources` table knows, by source name.
    private var knownModels: [String: String?] = [:]
    private var filters: [String: String] = [:]
    /// `sample_sources`' names by key (a missing name as ""), read at the first quantity read.
    private var sourceNames: [Int64: String]?
    private var keyedRowsMissing = false
    private let clockMetadata: ClockMetadata

    /// A reader of the store `db` opens; `clockMetadata`, when given, must have been read from it.
    init(_ db: Database, clockMetadata: ClockMetadata? = nil) throws {
        self.db = db
        // Cached statements, here and below: a reader is made for every job of an import's
        // statistics, and preparing a query of the sample views cost more than running it.
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, device_model FROM sources")) {
            knownModels[row[0] as String] = row[1] as String?
        }
        self.clockMetadata = try clockMetadata ?? ClockMetadata.read(db)
    }

    /// The sources seen in the order the store saved (`sources --priority`) or `preferred` when given.
    func priority(preferred: [String]?) throws -> SourcePriority {
        let order =
            try preferred
            ?? String.fetchAll(
                db.cachedStatement(sql: "SELECT name FROM sources WHERE position IS NOT NULL ORDER BY position"))
        return SourcePriority(sources: sources, preferred: order)
    }

    /// The unit a type's statistics are written in.
    func units(type: String) throws -> StatisticsUnits {
        if type == "HKQuantityTypeIdentifierBodyMass" { return StatisticsUnits(type: type, firstUnit: "kg") }
        let first = try String.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT unit FROM quantity_samples WHERE type = ? AND unit IS NOT NULL ORDER BY type, start_unix LIMIT 1"
            ),
            arguments: [type])
        return StatisticsUnits(type: type, firstUnit: first)
    }

    /// The quantity (or weight) samples of `type` overlapping `window` (starting in it, with `startingIn`), in
    /// `units`; samples in units that do not convert are left out.
    mutating func quantities(
        type: String, units: StatisticsUnits, window: Range<Int64>, startingIn: Bool
    ) throws -> [StatisticsSample] {
        let weight = type == "HKQuantityTypeIdentifierBodyMass"
        let table = weight ? "weight_samples" : "quantity_samples"
        // The unit comes back only when it is not the type's own, the offset as seconds: no text per sample.
        let valueColumns =
            weight ? "kilograms, NULL" : "value, CASE WHEN unit = ? THEN NULL ELSE coalesce(unit, '') END"
        // Quantity samples are read from their keyed rows, not the view: a join per row cost more
        // than the rest of the read, and the source comes as its key, named from `sample_sources`
        // once. A store not yet moved to keyed rows (in its migrations) is read through its table.
        let keyed = try !weight && loadSourceNames()
        let sql =
            keyed
            ? """
            SELECT start_unix, end_unix, \(valueColumns), source_id, start_date, uuid
            FROM quantity_sample_rows AS sample
            WHERE \(StoreSchema.typeIDMatches) AND start_unix >= ? AND start_unix < ? AND end_unix > ?
                AND \(StoreSchema.current)
            """
            : """
            SELECT start_unix, end_unix, \(valueColumns), source_name, start_date, uuid
            FROM \(table) AS sample
            WHERE type = ? AND start_unix >= ? AND start_unix < ? AND end_unix > ?\(try liveFilter(table))
            """
        var samples: [StatisticsSample] = []
        // Samples longer than a week before the window are not looked for: no cumulative sample lasts that long.
        let lookBack: Int64 = startingIn ? 0 : 7 * 86_400
        var arguments: StatementArguments = [type, window.lowerBound - lookBack, window.upperBound, window.lowerBound]
        // Fractions are scaled even in their own unit (0.97 % is 97).
        if !weight { arguments = [units.unit == "%" ? "" : units.unit] + arguments }
        var rows = try RawRows(db, sql: sql, arguments: arguments)
        var sourceRun = SourceRun()
        var lastSource = Int32(-1)
        var lastUnit: (text: String, converter: ((Double) -> Double)?)?
        while try rows.next() {
            guard !rows.isNull(2) else { continue }
            let raw = rows.double(2)
            let value: Double
            if !rows.isNull(3) {
                let unit = rows.bytes(3)
                if lastUnit == nil || !lastUnit!.text.utf8.elementsEqual(unit) {
                    let text = String(decoding: unit, as: UTF8.self)
                    lastUnit = (text, units.converter(from: text.isEmpty ? nil : text))
                }
                guard let converter = lastUnit!.converter else { continue }
                value = converter(raw)
            } else {
                value = raw
            }
            let (zone, userEntered) = clockMetadata.clock(
                uuid: rows.bytes(6), writtenOffset: LocalZones.writtenOffset(of: rows.bytes(5)), in: zones)
            if sourceRun.changes(rows, keyed: keyed) {
                let name =
                    keyed
                    ? sourceRun.key.flatMap { sourceNames?[$0] } ?? ""
                    : String(decoding: rows.bytes(4), as: UTF8.self)
                let db = self.db
                let start = rows.int64(0)
                let uuid = rows.text(6)
                lastSource = try source(
                    name: name, device: { try Self.device(db, table: table, type: type, start: start, uuid: uuid) })
            }
            samples.append(
                StatisticsSample(
                    start: rows.int64(0), end: rows.int64(1), value: value, source: lastSource,
                    userEntered: userEntered,
                    zone: zone))
        }
        return samples
    }

    /// Reads `sample_sources`' names once; `false` when the store has no keyed sample rows yet.
    private mutating func loadSourceNames() throws -> Bool {
        if sourceNames != nil { return true }
        if keyedRowsMissing { return false }
        guard try db.tableExists("quantity_sample_rows") else {
            keyedRowsMissing = true
            return false
        }
        var names: [Int64: String] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, source_name FROM sample_sources")) {
            names[row[0]] = row[1] ?? ""
        }
        sourceNames = names
        return true
    }

    /// The sleep samples starting in `window`.
    mutating func sleep(startingIn window: Range<Int64>) throws -> [SleepSample] {
        let sql = """
            SELECT start_unix, end_unix, value, raw_value, source_name, start_date, uuid, device
            FROM category_samples AS sample
            WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' AND start_unix >= ? AND start_unix < ?\(try liveFilter("category_samples"))
            """
        var samples: [SleepSample] = []
        var rows = try RawRows(db, sql: sql, arguments: [window.lowerBound, window.upperBound])
        while try rows.next() {
            let rawValue = rows.isNull(3) ? nil : Int(rows.int64(3))
            guard let stage = SleepStage(value: rows.text(2), rawValue: rawValue) else { continue }
            let (zone, userEntered) = clockMetadata.clock(
                uuid: rows.bytes(6), writtenOffset: LocalZones.writtenOffset(of: rows.bytes(5)), in: zones)
            let device = rows.text(7)
            let source = self.source(name: rows.text(4) ?? "", device: { device })
            samples.append(
                SleepSample(
                    start: rows.int64(0), end: rows.int64(1), stage: stage, source: source, userEntered: userEntered,
                    zone: zone))
        }
        return samples
    }

    /// Sources seen that the `sources` table does not list yet, or lists without the device model seen now.
    var newSources: [StatisticsSource] {
        sources.filter { source in
            guard let known = knownModels[source.name] else { return true }
            return known == nil && source.deviceModel != nil
        }
    }

    /// The device JSON of one sample, by its key: read only for the first sample of a source.
    private static func device(_ db: Database, table: String, type: String, start: Int64, uuid: String?) throws
        -> String?
    {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT device FROM \(table) WHERE type = ? AND start_unix = ? AND uuid = ?"),
            arguments: [type, start, uuid])
    }

    private mutating func source(name: String, device: () throws -> String?) rethrows -> Int32 {
        if let index = sourceIndex[name] { return index }
        let index = Int32(sources.count)
        let model = try (knownModels[name] ?? nil) ?? StatisticsSource.model(inDevice: device())
        sources.append(StatisticsSource(name: name, deviceModel: model))
        sourceIndex[name] = index
        return index
    }

    /// ` AND ...` leaving out rows marked deleted or superseded, for the columns `table` has.
    private mutating func liveFilter(_ table: String) throws -> String {
        if let filter = filters[table] { return filter }
        let columns = Set(
            try Row.fetchAll(db.cachedStatement(sql: "PRAGMA table_info(\(table))")).map { $0["name"] as String })
        var filter = ""
        if columns.contains("deleted_by") { filter += " AND deleted_by IS NULL" }
        if columns.contains("replaced_by") { filter += " AND replaced_by IS NULL" }
        filters[table] = filter
        return filter
    }
}

/// The source of the rows read, remembered from the row before: samples come in runs of one source.
private struct SourceRun {
    /// The last row's source key (keyed rows).
    private(set) var key: Int64?
    private var name: [UInt8] = []
    private var started = false

    /// Whether the row's source, its key in column 4 for keyed rows and its name there otherwise,
    /// differs from the row before's.
    mutating func changes(_ rows: RawRows, keyed: Bool) -> Bool {
        if keyed {
            let key = rows.isNull(4) ? nil : rows.int64(4)
            defer {
                self.key = key
                started = true
            }
            return !started || key != self.key
        }
        let bytes = rows.bytes(4)
        if started, name.elementsEqual(bytes) { return false }
        name = Array(bytes)
        started = true
        return true
    }
}
