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

    init(_ db: Database) throws {
        self.db = db
        for row in try Row.fetchAll(db, sql: "SELECT name, device_model FROM sources") {
            knownModels[row[0] as String] = row[1] as String?
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
        let value = weight ? "kilograms, 'kg'" : "value, unit"
        let sql = """
            SELECT start_unix, end_unix, \(value), source_name, start_date, device, \(Self.metadataColumn(table))
            FROM \(table) AS sample
            WHERE type = ? AND start_unix >= ? AND start_unix < ? AND end_unix > ?\(try liveFilter(table))
            """
        var samples: [StatisticsSample] = []
        // Samples longer than a week before the window are not looked for: no cumulative sample lasts that long.
        let cursor = try Row.fetchCursor(
            db, sql: sql, arguments: [type, window.lowerBound - 7 * 86_400, window.upperBound, window.lowerBound])
        while let row = try cursor.next() {
            let start: Int64 = row[0]
            let end: Int64 = row[1]
            guard let raw = row[2] as Double?, let value = units.convert(raw, from: row[3] as String?) else { continue }
            if start == end, end <= window.lowerBound { continue }
            let (zone, userEntered) = clock(startDate: row[5], metadata: row[7])
            let source = self.source(name: row[4] ?? "", device: row[6])
            samples.append(StatisticsSample(start: start, end: end, value: value, source: source, userEntered: userEntered, zone: zone))
        }
        return samples
    }

    /// The sleep samples starting in `window`.
    mutating func sleep(startingIn window: Range<Int64>) throws -> [SleepSample] {
        let sql = """
            SELECT start_unix, end_unix, value, raw_value, source_name, start_date, device, \(Self.metadataColumn("category_samples"))
            FROM category_samples AS sample
            WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' AND start_unix >= ? AND start_unix < ?\(try liveFilter("category_samples"))
            """
        var samples: [SleepSample] = []
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: [window.lowerBound, window.upperBound])
        while let row = try cursor.next() {
            guard let stage = SleepStage(value: row[2], rawValue: row[3]) else { continue }
            let (zone, userEntered) = clock(startDate: row[5], metadata: row[7])
            let source = self.source(name: row[4] ?? "", device: row[6])
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

    /// `HKTimeZone` and `HKWasUserEntered` of the row, as `key=value` lines.
    private static func metadataColumn(_ table: String) -> String {
        """
        (SELECT group_concat(m.key || '=' || m.value, char(10)) FROM metadata AS m \
        WHERE m.record_uuid = sample.uuid AND m.key IN ('HKTimeZone', 'HKWasUserEntered'))
        """
    }

    private func clock(startDate: String, metadata: String?) -> (LocalZones.ZoneID, Bool) {
        var zoneName: String?
        var userEntered = false
        if let metadata {
            for line in metadata.split(separator: "\n") {
                if line.hasPrefix("HKTimeZone=") {
                    zoneName = String(line.dropFirst("HKTimeZone=".count))
                } else if line.hasPrefix("HKWasUserEntered=") {
                    let value = line.dropFirst("HKWasUserEntered=".count)
                    userEntered = value == "1" || value == "true" || value == "YES"
                }
            }
        }
        return (zones.zone(timeZoneName: zoneName, writtenOffsetSeconds: Self.offset(of: startDate)), userEntered)
    }

    /// The offset of ISO 8601 text ending in `±HH:MM` (or `Z`), in seconds.
    static func offset(of text: String) -> Int32 {
        let bytes = Array(text.utf8.suffix(6))
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":")
        else { return 0 }
        let digits = [bytes[1], bytes[2], bytes[4], bytes[5]].map { Int32($0) - 48 }
        let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    private mutating func source(name: String, device: String?) -> Int32 {
        if let index = sourceIndex[name] { return index }
        let index = Int32(sources.count)
        sources.append(StatisticsSource(name: name, deviceModel: (knownModels[name] ?? nil) ?? Self.model(inDevice: device)))
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
