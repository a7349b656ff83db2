import GRDB
import HealthStatistics

/// Reads the samples statistics are computed from, with their sources and local clocks.
///
/// Rows another part of the store marks as deleted or superseded (a `deleted`, `deleted_unix`, `replaced_by`
/// or `is_current` column, when the table has one) are left out.
struct StatisticsSampleReader {
    let db: Database
    let zones = LocalZones()
    private(set) var sources: [StatisticsSource] = []
    private var sourceIndex: [String: Int32] = [:]
    /// Device models the `sources` table knows, by source name.
    private var knownModels: [String: String?] = [:]
    private var filters: [String: String] = [:]
    /// `HKTimeZone` and `HKWasUserEntered` by record UUID: few samples have them, so they are read once
    /// rather than looked up for every sample.
    private var clockMetadata: [String: (zone: String?, userEntered: Bool)] = [:]

    init(_ db: Database) throws {
        self.db = db
        for row in try Row.fetchAll(db, sql: "SELECT name, device_model FROM sources") {
            knownModels[row[0] as String] = row[1] as String?
        }
        let metadata = try Row.fetchCursor(
            db, sql: "SELECT record_uuid, key, value FROM metadata WHERE key IN ('HKTimeZone', 'HKWasUserEntered')")
        while let row = try metadata.next() {
            let uuid: String = row[0]
            let value: String = row[2]
            var entry = clockMetadata[uuid] ?? (nil, false)
            if row[1] as String == "HKTimeZone" {
                entry.zone = value
            } else {
                entry.userEntered = value == "1" || value == "true" || value == "YES"
            }
            clockMetadata[uuid] = entry
        }
    }

    /// The sources seen in the order the store saved (`sources --priority`) or `preferred` when given.
    func priority(preferred: [String]?) throws -> SourcePriority {
        let order = try preferred ?? String.fetchAll(db, sql: "SELECT name FROM sources WHERE position IS NOT NULL ORDER BY position")
        return SourcePriority(sources: sources, preferred: order)
    }

    /// The unit a type's statistics are written in.
    func units(type: String) throws -> StatisticsUnits {
        if type == "HKQuantityTypeIdentifierBodyMass" { return StatisticsUnits(type: type, firstUnit: "kg") }
        let first = try String.fetchOne(
            db, sql: "SELECT unit FROM quantity_samples WHERE type = ? AND unit IS NOT NULL ORDER BY type, start_unix LIMIT 1",
            arguments: [type])
        return StatisticsUnits(type: type, firstUnit: first)
    }

    /// The quantity (or weight) samples of `type` overlapping `window`, in `units`; samples in units that do
    /// not convert are left out.
    mutating func quantities(type: String, units: StatisticsUnits, window: Range<Int64>) throws -> [StatisticsSample] {
        let weight = type == "HKQuantityTypeIdentifierBodyMass"
        let table = weight ? "weight_samples" : "quantity_samples"
        // The unit comes back only when it is not the type's own, the offset as seconds: no text per sample.
        let value = weight ? "kilograms, NULL" : "value, CASE WHEN unit = ? THEN NULL ELSE coalesce(unit, '') END"
        let sql = """
            SELECT start_unix, end_unix, \(value), source_name, \(Self.offsetColumn), uuid, device
            FROM \(table) AS sample
            WHERE type = ? AND start_unix >= ? AND start_unix < ? AND end_unix > ?\(try liveFilter(table))
            """
        var samples: [StatisticsSample] = []
        // Samples longer than a week before the window are not looked for: no cumulative sample lasts that long.
        var arguments: StatementArguments = [type, window.lowerBound - 7 * 86_400, window.upperBound, window.lowerBound]
        // Fractions are scaled even in their own unit (0.97 % is 97).
        if !weight { arguments = [units.unit == "%" ? "" : units.unit] + arguments }
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var lastName = ""
        var lastSource = Int32(-1)
        while let row = try cursor.next() {
            let start: Int64 = row[0]
            let end: Int64 = row[1]
            guard let raw = row[2] as Double? else { continue }
            let value: Double
            if let unit = row[3] as String? {
                guard let converted = units.convert(raw, from: unit.isEmpty ? nil : unit) else { continue }
                value = converted
            } else {
                value = raw
            }
            let (zone, userEntered) = clock(offset: row[5], row: row, uuidColumn: 6)
            let name: String = row[4] ?? ""
            if name != lastName || lastSource < 0 {
                lastSource = source(name: name, row: row, deviceColumn: 7)
                lastName = name
            }
            samples.append(StatisticsSample(start: start, end: end, value: value, source: lastSource, userEntered: userEntered, zone: zone))
        }
        return samples
    }

    /// The sleep samples starting in `window`.
    mutating func sleep(startingIn window: Range<Int64>) throws -> [SleepSample] {
        let sql = """
            SELECT start_unix, end_unix, value, raw_value, source_name, \(Self.offsetColumn), uuid, device
            FROM category_samples AS sample
            WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' AND start_unix >= ? AND start_unix < ?\(try liveFilter("category_samples"))
            """
        var samples: [SleepSample] = []
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: [window.lowerBound, window.upperBound])
        while let row = try cursor.next() {
            guard let stage = SleepStage(value: row[2], rawValue: row[3]) else { continue }
            let (zone, userEntered) = clock(offset: row[5], row: row, uuidColumn: 6)
            let source = self.source(name: row[4] ?? "", row: row, deviceColumn: 7)
            samples.append(SleepSample(start: row[0], end: row[1], stage: stage, source: source, userEntered: userEntered, zone: zone))
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

    /// The written offset of `start_date` (`...-07:00`), in seconds.
    private static let offsetColumn = """
        (CASE substr(start_date, 20, 1) WHEN '-' THEN -1 ELSE 1 END) \
        * (CAST(substr(start_date, 21, 2) AS INTEGER) * 3600 + CAST(substr(start_date, 24, 2) AS INTEGER) * 60)
        """

    private func clock(offset: Int32, row: Row, uuidColumn: Int) -> (LocalZones.ZoneID, Bool) {
        if !clockMetadata.isEmpty, let entry = clockMetadata[row[uuidColumn] as String] {
            return (zones.zone(timeZoneName: entry.zone, writtenOffsetSeconds: offset), entry.userEntered)
        }
        return (zones.fixed(offsetSeconds: offset), false)
    }

    private mutating func source(name: String, row: Row, deviceColumn: Int) -> Int32 {
        if let index = sourceIndex[name] { return index }
        let index = Int32(sources.count)
        let model = (knownModels[name] ?? nil) ?? Self.model(inDevice: row[deviceColumn])
        sources.append(StatisticsSource(name: name, deviceModel: model))
        sourceIndex[name] = index
        return index
    }

    /// The `model` of a device's JSON (`{"name":"Apple Watch","model":"Watch",...}`).
    static func model(inDevice json: String?) -> String? {
        guard let json, let range = json.range(of: "\"model\":\"") else { return nil }
        let rest = json[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// ` AND ...` leaving out rows marked deleted or superseded, for the columns `table` has.
    private mutating func liveFilter(_ table: String) throws -> String {
        if let filter = filters[table] { return filter }
        let columns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String })
        var filter = ""
        if columns.contains("deleted") { filter += " AND NOT coalesce(deleted, 0)" }
        if columns.contains("deleted_unix") { filter += " AND deleted_unix IS NULL" }
        if columns.contains("replaced_by") { filter += " AND replaced_by IS NULL" }
        if columns.contains("is_current") { filter += " AND coalesce(is_current, 1)" }
        filters[table] = filter
        return filter
    }
}
