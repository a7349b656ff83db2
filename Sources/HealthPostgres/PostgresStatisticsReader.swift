import HealthCore
import HealthStatistics
import PostgresNIO

/// Reads a person's samples for statistics computed from them, as the SQLite store's reader
/// does (the PostgreSQL store keeps no statistics tables: `stats` computes every answer).
///
/// Rows marked deleted or replaced by a newer sync version are left out. Rows stream from the
/// server; only the samples themselves are kept. There is no saved source order on PostgreSQL:
/// the default order applies unless the query names one.
final class PostgresStatisticsReader: StatisticsSampleSource, @unchecked Sendable {
    private let store: PostgresStore
    let zones = LocalZones()
    private(set) var sources: [StatisticsSource] = []
    private var sourceIndex: [String: Int32] = [:]
    /// `HKTimeZone` and `HKWasUserEntered` by record UUID: few samples have them.
    private var clocks: [String: (zone: String?, userEntered: Bool)] = [:]

    private static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    /// Reads the person's clock metadata.
    init(store: PostgresStore) throws {
        self.store = store
        let rows = try Blocking.run {
            try await store.query(
                """
                SELECT record_uuid, key, value FROM metadata \
                WHERE person = $1 AND key IN ('HKTimeZone', 'HKWasUserEntered')
                """, PostgresStore.binds([store.person]))
        }
        for row in rows {
            let (uuid, key, value) = try row.decode((String, String, String).self)
            var entry = clocks[uuid] ?? (nil, false)
            if key == "HKTimeZone" {
                entry.zone = value
            } else {
                entry.userEntered = value == "1" || value == "true" || value == "YES"
            }
            clocks[uuid] = entry
        }
    }

    func priority(preferred: [String]?) throws -> SourcePriority {
        SourcePriority(sources: sources, preferred: preferred ?? [])
    }

    func units(type: String) throws -> StatisticsUnits {
        if type == Self.bodyMass { return StatisticsUnits(type: type, firstUnit: "kg") }
        let store = store
        let rows = try Blocking.run {
            try await store.query(
                """
                SELECT unit FROM quantity_samples WHERE person = $1 AND type = $2 AND unit IS NOT NULL \
                ORDER BY type, start_unix LIMIT 1
                """, PostgresStore.binds([store.person, type]))
        }
        return StatisticsUnits(type: type, firstUnit: try rows.first?.decode(String.self))
    }

    func quantities(
        type: String, units: StatisticsUnits, window: Range<Int64>, startingIn: Bool
    ) throws -> [StatisticsSample] {
        let weight = type == Self.bodyMass
        // Samples longer than a week before the window are not looked for: no cumulative sample lasts that long.
        let lookBack: Int64 = startingIn ? 0 : 7 * 86_400
        var values: [(any Sendable)?] = [
            store.person, type, window.lowerBound - lookBack, window.upperBound, window.lowerBound,
        ]
        let value: String
        if weight {
            value = "kilograms, NULL::text"
        } else {
            // The unit comes back only when it is not the type's own. Fractions are scaled even
            // in their own unit (0.97 % is 97).
            value = "value, CASE WHEN unit = $6 THEN NULL ELSE coalesce(unit, '') END"
            values.append(units.unit == "%" ? "" : units.unit)
        }
        let table = weight ? "weight_samples" : "quantity_samples"
        let sql = """
            SELECT start_unix, end_unix, \(value), source_name, start_date, uuid FROM \(table) \
            WHERE person = $1 AND type = $2 AND start_unix >= $3 AND start_unix < $4 AND end_unix > $5 \
            AND \(PostgresSchema.current) ORDER BY start_unix, uuid
            """
        var samples: [StatisticsSample] = []
        var firstOfSource: [(source: Int32, start: Int64, uuid: String)] = []
        var lastUnit: (text: String, converter: ((Double) -> Double)?)?
        try stream(sql, values) { row in
            let (start, end, raw, unit, name, startDate, uuid) = try row.decode(
                (Int64, Int64, Double?, String?, String?, String, String).self)
            guard let raw else { return }
            var value = raw
            if let unit {
                if lastUnit?.text != unit { lastUnit = (unit, units.converter(from: unit.isEmpty ? nil : unit)) }
                guard let converter = lastUnit!.converter else { return }
                value = converter(raw)
            }
            let (zone, userEntered) = self.clock(startDate: startDate, uuid: uuid)
            let (source, isNew) = self.source(name: name ?? "")
            if isNew { firstOfSource.append((source, start, uuid)) }
            samples.append(
                StatisticsSample(
                    start: start, end: end, value: value, source: source, userEntered: userEntered, zone: zone))
        }
        try readModels(firstOfSource, table: table, type: type)
        return samples
    }

    func sleep(startingIn window: Range<Int64>) throws -> [SleepSample] {
        let sql = """
            SELECT start_unix, end_unix, value, raw_value, source_name, start_date, uuid, device \
            FROM category_samples WHERE person = $1 AND type = 'HKCategoryTypeIdentifierSleepAnalysis' \
            AND start_unix >= $2 AND start_unix < $3 AND \(PostgresSchema.current) ORDER BY start_unix, uuid
            """
        var samples: [SleepSample] = []
        try stream(sql, [store.person, window.lowerBound, window.upperBound]) { row in
            let (start, end, value, rawValue, name, startDate, uuid, device) = try row.decode(
                (Int64, Int64, String?, Int64?, String?, String, String, String?).self)
            guard let stage = SleepStage(value: value, rawValue: rawValue.map(Int.init)) else { return }
            let (zone, userEntered) = self.clock(startDate: startDate, uuid: uuid)
            let (source, isNew) = self.source(name: name ?? "")
            if isNew { self.sources[Int(source)].deviceModel = StatisticsSource.model(inDevice: device) }
            samples.append(
                SleepSample(
                    start: start, end: end, stage: stage, source: source, userEntered: userEntered, zone: zone))
        }
        return samples
    }

    /// Runs `sql`, handing each row to `body` as it arrives.
    private func stream(
        _ sql: String, _ values: [(any Sendable)?], _ body: @escaping (PostgresRow) throws -> Void
    ) throws {
        let store = store
        let binds = PostgresStore.binds(values)
        nonisolated(unsafe) let body = body
        try Blocking.run {
            do {
                let rows = try await store.connection.query(
                    PostgresQuery(unsafeSQL: sql, binds: binds), logger: PostgresStore.logger)
                for try await row in rows { try body(row) }
            } catch let error as PSQLError {
                throw StoreError.postgres(error, url: store.url)
            }
        }
    }

    private func clock(startDate: String, uuid: String) -> (LocalZones.ZoneID, Bool) {
        var startDate = startDate
        let offset = startDate.withUTF8 { LocalZones.writtenOffset(of: UnsafeRawBufferPointer($0)) }
        if !clocks.isEmpty, let entry = clocks[uuid] {
            return (zones.zone(timeZoneName: entry.zone, writtenOffsetSeconds: offset), entry.userEntered)
        }
        return (zones.fixed(offsetSeconds: offset), false)
    }

    /// The index of the source named `name`, and whether it is new.
    private func source(name: String) -> (Int32, Bool) {
        if let index = sourceIndex[name] { return (index, false) }
        let index = Int32(sources.count)
        sources.append(StatisticsSource(name: name))
        sourceIndex[name] = index
        return (index, true)
    }

    /// The device models of new sources, from the device of each one's first sample (as the
    /// SQLite store's reader takes them), read once the samples' query is done.
    private func readModels(_ firsts: [(source: Int32, start: Int64, uuid: String)], table: String, type: String) throws
    {
        let store = store
        for first in firsts {
            let rows = try Blocking.run {
                try await store.query(
                    "SELECT device FROM \(table) WHERE person = $1 AND type = $2 AND start_unix = $3 AND uuid = $4",
                    PostgresStore.binds([store.person, type, first.start, first.uuid]))
            }
            let device = try rows.first?.decode(String?.self) ?? nil
            sources[Int(first.source)].deviceModel = StatisticsSource.model(inDevice: device)
        }
    }
}
