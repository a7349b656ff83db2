#if PostgreSQL
import HealthCore
import HealthStatistics
import PostgresNIO

/// Reads a person's samples for statistics computed from them, as the SQLite store's reader
/// does: for the statistics tables an import refreshes, and for what `stats` computes.
///
/// Rows marked deleted or replaced by a newer sync version are left out. Rows stream from the
/// server; only the samples themselves are kept. The person's saved source order (`sources`)
/// applies unless the query names one.
final class PostgresStatisticsReader: StatisticsSampleSource {
    private let store: PostgresStore
    /// The connection read from: an import's own, inside its open transaction, or the store's.
    private let connection: PostgresConnection
    /// The person's saved source order, highest first.
    private var savedOrder: [String] = []
    let zones = LocalZones()
    private(set) var sources: [StatisticsSource] = []
    private var sourceIndex: [String: Int32] = [:]
    /// The person's `HKTimeZone` and `HKWasUserEntered` metadata: few samples have them.
    private let clockMetadata: ClockMetadata
    /// The last source name read and its index: most samples repeat their predecessor's source.
    private var lastSource: (name: ByteBuffer, index: Int32)?

    private static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    /// Reads the person's saved source order and, unless given, clock metadata, over `connection`
    /// (by default the store's own); `clockMetadata`, when given, must have been read from it.
    init(store: PostgresStore, connection: PostgresConnection? = nil, clockMetadata: ClockMetadata? = nil) throws {
        self.store = store
        let connection: PostgresConnection = connection ?? store.connection!
        self.connection = connection
        let order = try Blocking.run(watching: connection, url: store.url) {
            try await store.query(
                "SELECT name FROM sources WHERE person = \(store.person) AND position IS NOT NULL ORDER BY position",
                on: connection)
        }
        savedOrder = try order.map { try $0.decode(String.self) }
        self.clockMetadata = try clockMetadata ?? Self.clockMetadata(store: store, connection: connection)
    }

    /// The person's `HKTimeZone` and `HKWasUserEntered` metadata, streamed into the compact
    /// entries: the rows grow with the store.
    static func clockMetadata(store: PostgresStore, connection: PostgresConnection) throws -> ClockMetadata {
        var clocks = ClockMetadata.Builder()
        try addClockMetadata(into: &clocks, store: store, connection: connection)
        return clocks.build()
    }

    /// Streams the person's `HKTimeZone` and `HKWasUserEntered` metadata into `clocks`.
    static func addClockMetadata(
        into clocks: inout ClockMetadata.Builder, store: PostgresStore, connection: PostgresConnection
    ) throws {
        // The rows are handed to a closure that outlives the call: it fills a copy.
        var added = clocks
        try store.stream(
            "SELECT record_uuid, key, value FROM metadata WHERE person = \(store.person) AND key IN ('HKTimeZone', 'HKWasUserEntered')",
            on: connection
        ) { row in
            var cells = row.makeIterator()
            guard let uuid = cells.next()?.bytes, let key = cells.next()?.bytes, let value = cells.next()?.bytes
            else { return }
            uuid.withUnsafeReadableBytes { uuid in
                key.withUnsafeReadableBytes { key in added.add(uuid: uuid, key: key, value: String(buffer: value)) }
            }
        }
        clocks = added
    }

    func priority(preferred: [String]?) throws -> SourcePriority {
        SourcePriority(sources: sources, preferred: preferred ?? savedOrder)
    }

    func units(type: String) throws -> StatisticsUnits {
        if type == Self.bodyMass { return StatisticsUnits(type: type, firstUnit: "kg") }
        let (store, connection) = (store, connection)
        let rows = try Blocking.run(watching: connection, url: store.url) {
            try await store.query(
                """
                SELECT unit FROM quantity_samples WHERE person = \(store.person) AND type = \(type) AND unit IS NOT NULL \
                ORDER BY type, start_unix LIMIT 1
                """, on: connection)
        }
        return StatisticsUnits(type: type, firstUnit: try rows.first?.decode(String.self))
    }

    func quantities(
        type: String, units: StatisticsUnits, window: Range<Int64>, startingIn: Bool
    ) throws -> [StatisticsSample] {
        let weight = type == Self.bodyMass
        // Samples longer than a week before the window are not looked for: no cumulative sample lasts that long.
        let lookBack: Int64 = startingIn ? 0 : 7 * 86_400
        var binds = PostgresBindings(capacity: 6)
        binds.append(store.person)
        binds.append(type)
        binds.append(window.lowerBound - lookBack)
        binds.append(window.upperBound)
        binds.append(window.lowerBound)
        let value: String
        if weight {
            value = "kilograms, NULL::text"
        } else {
            // The unit comes back only when it is not the type's own. Fractions are scaled even
            // in their own unit (0.97 % is 97).
            value = "value, CASE WHEN unit = $6 THEN NULL ELSE coalesce(unit, '') END"
            binds.append(units.unit == "%" ? "" : units.unit)
        }
        let table = weight ? "weight_samples" : "quantity_samples"
        let sql = """
            SELECT start_unix, end_unix, \(value), source_name, start_date, uuid FROM \(table) \
            WHERE person = $1 AND type = $2 AND start_unix >= $3 AND start_unix < $4 AND end_unix > $5 \
            AND \(PostgresSchema.current) ORDER BY start_unix, uuid
            """
        var samples: [StatisticsSample] = []
        var firstOfSource: [(source: Int32, start: Int64, uuid: String)] = []
        var lastUnit: (bytes: ByteBuffer, converter: ((Double) -> Double)?)?
        // Rows are read from their cells' bytes (the results come in PostgreSQL's binary
        // format): a decoded row of seven values, three of them strings, cost more than the
        // statistics computed from it.
        try stream(PostgresQuery(unsafeSQL: sql, binds: binds)) { row in
            var cells = row.makeIterator()
            guard let startCell = cells.next(), let endCell = cells.next(), let valueCell = cells.next(),
                let unitCell = cells.next(), let nameCell = cells.next(), let dateCell = cells.next(),
                let uuidCell = cells.next()
            else { return }
            guard let raw = try RowCells.double(valueCell) else { return }
            let start = try RowCells.int64(startCell)
            let end = try RowCells.int64(endCell)
            var value = raw
            if let unit = unitCell.bytes {
                if lastUnit?.bytes != unit {
                    let text = String(buffer: unit)
                    lastUnit = (unit, units.converter(from: text.isEmpty ? nil : text))
                }
                guard let converter = lastUnit!.converter else { return }
                value = converter(raw)
            }
            let (zone, userEntered) = self.clock(date: dateCell, uuid: uuidCell)
            let (source, isNew) = self.source(nameCell)
            if isNew { firstOfSource.append((source, start, try uuidCell.decode(String.self))) }
            samples.append(
                StatisticsSample(
                    start: start, end: end, value: value, source: source, userEntered: userEntered, zone: zone))
        }
        try readModels(firstOfSource, table: table, type: type)
        return samples
    }

    func sleep(startingIn window: Range<Int64>) throws -> [SleepSample] {
        let query: PostgresQuery = """
            SELECT start_unix, end_unix, value, raw_value, source_name, start_date, uuid, device \
            FROM category_samples WHERE person = \(store.person) AND type = 'HKCategoryTypeIdentifierSleepAnalysis' \
            AND start_unix >= \(window.lowerBound) AND start_unix < \(window.upperBound) \
            AND \(unescaped: PostgresSchema.current) ORDER BY start_unix, uuid
            """
        var samples: [SleepSample] = []
        try stream(query) { row in
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

    /// Runs `query` on the reader's connection, handing each row to `body` as it arrives.
    private func stream(_ query: PostgresQuery, _ body: @escaping (PostgresRow) throws -> Void) throws {
        try store.stream(query, on: connection, body)
    }

    /// The clock of a sample from its cells: its written offset, or the zone its metadata names.
    private func clock(date: PostgresCell, uuid: PostgresCell) -> (LocalZones.ZoneID, Bool) {
        let offset = date.bytes?.withUnsafeReadableBytes { LocalZones.writtenOffset(of: $0) } ?? 0
        guard let uuid = uuid.bytes else { return (zones.fixed(offsetSeconds: offset), false) }
        return uuid.withUnsafeReadableBytes { clockMetadata.clock(uuid: $0, writtenOffset: offset, in: zones) }
    }

    /// The index of the source named in `cell`, and whether it is new.
    private func source(_ cell: PostgresCell) -> (Int32, Bool) {
        let name = cell.bytes ?? ByteBuffer()
        if let last = lastSource, last.name == name { return (last.index, false) }
        let found = source(name: String(buffer: name))
        lastSource = (name, found.0)
        return found
    }

    private func clock(startDate: String, uuid: String) -> (LocalZones.ZoneID, Bool) {
        var (startDate, uuid) = (startDate, uuid)
        let offset = startDate.withUTF8 { LocalZones.writtenOffset(of: UnsafeRawBufferPointer($0)) }
        return uuid.withUTF8 { clockMetadata.clock(uuid: UnsafeRawBufferPointer($0), writtenOffset: offset, in: zones) }
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
        let (store, connection) = (store, connection)
        for first in firsts {
            let rows = try Blocking.run(watching: connection, url: store.url) {
                try await store.query(
                    """
                    SELECT device FROM \(unescaped: table) WHERE person = \(store.person) AND type = \(type) \
                    AND start_unix = \(first.start) AND uuid = \(first.uuid)
                    """, on: connection)
            }
            let device = try rows.first?.decode(String?.self) ?? nil
            sources[Int(first.source)].deviceModel = StatisticsSource.model(inDevice: device)
        }
    }
}
#endif
