import Foundation
import GRDB
import HealthCore
import HealthExport

/// The store's current samples read back as typed records, one at a time, for writers that
/// take records (the FHIR output): quantities, weights, categories, correlations with their
/// members, and ECGs, each with its stored UUID.
///
/// Rows come through cursors inside one read transaction, table by table in key order, so
/// memory does not grow with the store.
public struct StoredRecords {
    private let reader: StoreReader

    /// Reads through `reader`.
    public init(reader: StoreReader) {
        self.reader = reader
    }

    /// The stored export facts: the newest export's date and `Me` profile; `nil` for an empty store.
    public func facts() throws -> ExportFacts? {
        try reader.store.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT export_date, export_unix, profile FROM exports ORDER BY export_unix DESC LIMIT 1")
            else { return nil }
            let profile = Self.entries(json: row["profile"])
            let date = Self.timestamp(text: row["export_date"], unix: row["export_unix"])
            return ExportFacts(exportDate: date, profile: profile)
        }
    }

    /// Calls `body` with each current record `selection` takes that starts at or after `start`
    /// (all when `nil`); returns the stored records of kinds it does not read, per kind.
    public func read(
        selection: TypeSelection, from start: ExportTimestamp?, _ body: (IdentifiedRecord) throws -> Void
    ) throws {
        let from = start?.secondsSince1970 ?? Int64.min
        try reader.store.read { db in
            var devices = DeviceCache()
            let current = StoreReader.current
            let header =
                "uuid, type, source_name, source_version, device, creation_date, creation_unix, "
                + "start_date, start_unix, end_date, end_unix"
            let quantities = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(header), value, unit, value_text FROM quantity_samples WHERE start_unix >= ? AND \(current) ORDER BY type, start_unix, uuid",
                arguments: [from])
            while let row = try quantities.next() {
                guard selection.selects(kind: .quantity, type: row["type"]) else { continue }
                let sample = try Self.quantity(row, devices: &devices, db: db)
                try body(IdentifiedRecord(record: .quantity(sample), id: Self.id(row)))
            }
            let weights = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(header), kilograms, value, unit FROM weight_samples WHERE start_unix >= ? AND \(current) ORDER BY start_unix, uuid",
                arguments: [from])
            while let row = try weights.next() {
                guard selection.selects(kind: .weight, type: row["type"]) else { continue }
                let sample = WeightSample(
                    header: Self.header(row, devices: &devices), kilograms: row["kilograms"], value: row["value"],
                    unit: row["unit"])
                try body(IdentifiedRecord(record: .weight(sample), id: Self.id(row)))
            }
            let categories = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(header), value, raw_value FROM category_samples WHERE start_unix >= ? AND \(current) ORDER BY type, start_unix, uuid",
                arguments: [from])
            while let row = try categories.next() {
                guard selection.selects(kind: .category, type: row["type"]) else { continue }
                let sample = CategorySample(
                    header: Self.header(row, devices: &devices), value: row["value"], rawValue: row["raw_value"])
                try body(IdentifiedRecord(record: .category(sample), id: Self.id(row)))
            }
            let correlations = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(header) FROM correlations WHERE start_unix >= ? AND \(current) ORDER BY type, start_unix, uuid",
                arguments: [from])
            while let row = try correlations.next() {
                guard selection.selects(kind: .correlation, type: row["type"]) else { continue }
                let correlation = Correlation(
                    header: Self.header(row, devices: &devices),
                    members: try Self.members(of: row, header: header, devices: &devices, db: db))
                try body(IdentifiedRecord(record: .correlation(correlation), id: Self.id(row)))
            }
            guard selection.selects(kind: .electrocardiogram, type: Electrocardiogram.typeIdentifier) else { return }
            let ecgs = try Row.fetchCursor(
                db,
                sql: """
                    SELECT uuid, file_path, recorded_date, recorded_unix, classification, symptoms, software_version,
                        device, sample_rate_hz, lead, unit, samples
                    FROM electrocardiograms WHERE recorded_unix >= ? AND \(current) ORDER BY recorded_unix, uuid
                    """,
                arguments: [from])
            while let row = try ecgs.next() {
                let samples =
                    (try? JSONSerialization.jsonObject(with: Data((row["samples"] as String).utf8)))
                    as? [Double] ?? []
                let ecg = Electrocardiogram(
                    filePath: row["file_path"],
                    recordedDate: Self.timestamp(text: row["recorded_date"], unix: row["recorded_unix"])
                        ?? ExportTimestamp(secondsSince1970: row["recorded_unix"], offsetMinutes: 0),
                    classification: row["classification"], symptoms: row["symptoms"],
                    softwareVersion: row["software_version"], device: row["device"],
                    sampleRateHertz: row["sample_rate_hz"], lead: row["lead"], unit: row["unit"], samples: samples)
                try body(IdentifiedRecord(record: .electrocardiogram(ecg), id: Self.id(row)))
            }
        }
    }

    /// The members of the correlation in `row`, from the sample tables.
    ///
    /// The sample tables are keyed by type and start, not by UUID: members are looked for
    /// within the correlation's span first (where the Health app puts them), which takes a few
    /// seeks per type, and in the whole table only when some were not there.
    private static func members(of row: Row, header: String, devices: inout DeviceCache, db: Database) throws
        -> [CorrelationMember]
    {
        let uuid: String = row["uuid"]
        let expected =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM correlation_members WHERE correlation_uuid = ?
                    AND member_kind IN ('quantity', 'category')
                    """,
                arguments: [uuid]) ?? 0
        let span: (Int64, Int64) = (row["start_unix"], row["end_unix"])
        let within = try members(of: uuid, span: span, header: header, devices: &devices, db: db)
        if within.count >= expected { return within }
        return try members(of: uuid, span: nil, header: header, devices: &devices, db: db)
    }

    /// The members of correlation `uuid` that start within `span` (all when `nil`).
    private static func members(
        of uuid: String, span: (Int64, Int64)?, header: String, devices: inout DeviceCache, db: Database
    ) throws -> [CorrelationMember] {
        let within = span == nil ? "" : "start_unix >= ? AND start_unix <= ? AND"
        let arguments: StatementArguments = span.map { [$0.0, $0.1, uuid] } ?? [uuid]
        var members: [CorrelationMember] = []
        let quantities = try Row.fetchAll(
            db,
            sql: """
                SELECT \(header), value, unit, value_text FROM quantity_samples
                WHERE \(within) uuid IN (SELECT member_uuid FROM correlation_members WHERE correlation_uuid = ?)
                ORDER BY type, start_unix, uuid
                """,
            arguments: arguments)
        for row in quantities { members.append(.quantity(try quantity(row, devices: &devices, db: db))) }
        let categories = try Row.fetchAll(
            db,
            sql: """
                SELECT \(header), value, raw_value FROM category_samples
                WHERE \(within) uuid IN (SELECT member_uuid FROM correlation_members WHERE correlation_uuid = ?)
                ORDER BY type, start_unix, uuid
                """,
            arguments: arguments)
        for row in categories {
            members.append(
                .category(
                    CategorySample(
                        header: Self.header(row, devices: &devices), value: row["value"], rawValue: row["raw_value"])))
        }
        return members
    }

    private static func quantity(_ row: Row, devices: inout DeviceCache, db: Database) throws -> QuantitySample {
        var sample = QuantitySample(
            header: header(row, devices: &devices), value: row["value"], unit: row["unit"],
            valueText: row["value_text"])
        // iOS 8's aggregates keep their average in the metadata: only those rows need it.
        if sample.value == nil, sample.valueText == nil {
            let rows = try Row.fetchAll(
                db, sql: "SELECT key, value FROM metadata WHERE record_uuid = ? ORDER BY position",
                arguments: [row["uuid"] as String])
            sample.metadata = rows.map { MetadataEntry(key: $0["key"], value: $0["value"]) }
        }
        return sample
    }

    private static func header(_ row: Row, devices: inout DeviceCache) -> SampleHeader {
        let start = timestamp(text: row["start_date"], unix: row["start_unix"])
        let end = timestamp(text: row["end_date"], unix: row["end_unix"])
        return SampleHeader(
            type: row["type"], sourceName: row["source_name"] ?? "", sourceVersion: row["source_version"],
            device: devices.device(json: row["device"]),
            creationDate: timestamp(text: row["creation_date"], unix: row["creation_unix"]),
            startDate: start ?? ExportTimestamp(secondsSince1970: 0, offsetMinutes: 0),
            endDate: end ?? start ?? ExportTimestamp(secondsSince1970: 0, offsetMinutes: 0))
    }

    private static func id(_ row: Row) throws -> RecordID {
        let text: String = row["uuid"]
        guard let id = RecordID(text) else {
            throw StoreError(.corrupt, "a stored record's uuid '\(text)' is not a UUID")
        }
        return id
    }

    /// An instant from its UTC seconds and the offset its ISO 8601 text ends with (`-05:00`).
    static func timestamp(text: String?, unix: Int64?) -> ExportTimestamp? {
        guard let unix else { return nil }
        var offset: Int32 = 0
        if let text, text.utf8.count >= 6 {
            let tail = Array(text.utf8.suffix(6))
            if tail[0] == UInt8(ascii: "+") || tail[0] == UInt8(ascii: "-"), tail[3] == UInt8(ascii: ":") {
                let digits = [tail[1], tail[2], tail[4], tail[5]].map { Int32($0) - 48 }
                if digits.allSatisfy({ (0...9).contains($0) }) {
                    offset = (digits[0] * 10 + digits[1]) * 60 + digits[2] * 10 + digits[3]
                    if tail[0] == UInt8(ascii: "-") { offset = -offset }
                }
            }
        }
        return ExportTimestamp(secondsSince1970: unix, offsetMinutes: offset)
    }

    /// A JSON object of strings as entries.
    static func entries(json: String?) -> [MetadataEntry] {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return [] }
        return object.keys.sorted().map { MetadataEntry(key: $0, value: "\(object[$0]!)") }
    }
}

/// Devices by their stored JSON: a store holds few (the JSON has no address), while rows of
/// several devices interleave.
private struct DeviceCache {
    /// Cleared when full, so that a store of many devices keeps memory bounded.
    private static let capacity = 1024
    private var devices: [String: Device] = [:]

    mutating func device(json: String?) -> Device? {
        guard let json else { return nil }
        if let device = devices[json] { return device }
        let fields = StoredRecords.entries(json: json)
        func field(_ key: String) -> String? { fields.first { $0.key == key }?.value }
        let device = Device(
            name: field("name"), manufacturer: field("manufacturer"), model: field("model"),
            hardware: field("hardware"), software: field("software"))
        if devices.count >= Self.capacity { devices.removeAll(keepingCapacity: true) }
        devices[json] = device
        return device
    }
}
