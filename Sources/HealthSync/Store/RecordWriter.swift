import GRDB
import HealthExport

/// Inserts records into the store's typed tables with cached statements.
///
/// Every insert is `INSERT OR IGNORE` keyed by the record's UUID: a record the store already
/// has is skipped (and counted in ``duplicates``), and its child rows are not written again.
/// Call it inside a transaction; it never opens one.
final class RecordWriter {
    let db: Database
    private var statements: [String: BoundInsert] = [:]
    /// The statements of the tables most rows go to, kept apart from ``statements`` so a row
    /// costs no hashing of its SQL.
    private var quantityStatement: BoundInsert?
    private var categoryStatement: BoundInsert?
    private var metadataStatement: BoundInsert?
    private var heartbeatStatement: BoundInsert?
    /// The last device written and its JSON: most samples repeat their predecessor's device.
    private var lastDevice: Device?
    private var lastDeviceJSON: [UInt8] = []
    private var identity = RecordIdentity()
    /// Records skipped because the store already had their UUID, by type.
    private(set) var duplicates: [String: Int] = [:]
    /// Rows added to the main tables.
    private(set) var inserted = 0

    init(_ db: Database) {
        self.db = db
    }

    /// The cached statement for `sql`.
    func insert(_ sql: String) throws -> BoundInsert {
        if let statement = statements[sql] { return statement }
        let statement = BoundInsert(try db.cachedStatement(sql: sql))
        statements[sql] = statement
        return statement
    }

    /// The statement in `slot`, prepared from `sql` on first use.
    @inline(__always)
    private func insert(_ slot: inout BoundInsert?, _ sql: String) throws -> BoundInsert {
        if let statement = slot { return statement }
        let statement = try insert(sql)
        slot = statement
        return statement
    }

    /// Writes one record; returns whether it was new to the store.
    @discardableResult
    func write(_ item: IdentifiedRecord) throws -> Bool {
        let uuid = item.id.description
        let added: Bool
        switch item.record {
        case .export(let facts): added = try write(facts, uuid: uuid)
        case .quantity(let sample): added = try write(sample, uuid: uuid)
        case .weight(let sample): added = try write(sample, uuid: uuid)
        case .category(let sample): added = try write(sample, uuid: uuid)
        case .correlation(let correlation): added = try write(correlation, uuid: uuid)
        case .workout(let workout): added = try write(workout, uuid: uuid)
        case .activitySummary(let summary): added = try write(summary, uuid: uuid)
        case .clinical(let record): added = try write(record, uuid: uuid)
        case .audiogram(let audiogram): added = try write(audiogram, uuid: uuid)
        case .visionPrescription(let prescription): added = try write(prescription, uuid: uuid)
        case .route(let route): added = try write(route, uuid: uuid)
        case .electrocardiogram(let ecg): added = try write(ecg, uuid: uuid)
        }
        if added { inserted += 1 } else { duplicates[item.record.type, default: 0] += 1 }
        return added
    }

    func bindHeader(_ statement: BoundInsert, _ header: SampleHeader, uuid: String) {
        statement.text(uuid)
        statement.text(header.type)
        statement.text(header.sourceName)
        statement.text(header.sourceVersion)
        if let device = header.device {
            if device != lastDevice {
                var buffer = JSONBuffer(capacity: 256)
                buffer.object(device)
                lastDeviceJSON = Array(buffer.bytes)
                lastDevice = device
            }
            statement.text(bytes: lastDeviceJSON)
        } else {
            statement.text(nil)
        }
        statement.timestamp(header.creationDate)
        statement.timestamp(header.startDate)
        statement.timestamp(header.endDate)
    }

    static let headerColumns =
        "uuid, type, source_name, source_version, device, creation_date, creation_unix, start_date, start_unix, end_date, end_unix"

    static func headerInsert(_ table: String, extra: [String]) -> String {
        let columns = ([headerColumns] + extra).joined(separator: ", ")
        let marks = Array(repeating: "?", count: 11 + extra.count).joined(separator: ", ")
        return "INSERT OR IGNORE INTO \(table) (\(columns)) VALUES (\(marks))"
    }

    func writeMetadata(_ entries: [MetadataEntry], owner: String) throws {
        guard !entries.isEmpty else { return }
        let statement = try insert(
            &metadataStatement, "INSERT OR IGNORE INTO metadata (record_uuid, position, key, value) VALUES (?, ?, ?, ?)")
        for (position, entry) in entries.enumerated() {
            statement.text(owner)
            statement.integer(position)
            statement.text(entry.key)
            statement.text(entry.value)
            try statement.run()
        }
    }

    static let quantityInsert = headerInsert("quantity_samples", extra: ["value", "unit", "value_text"])
    static let weightInsert = headerInsert("weight_samples", extra: ["kilograms", "value", "unit"])
    static let categoryInsert = headerInsert("category_samples", extra: ["value", "raw_value"])
    static let correlationInsert = headerInsert("correlations", extra: [])

    private func write(_ sample: QuantitySample, uuid: String) throws -> Bool {
        let statement = try insert(&quantityStatement, Self.quantityInsert)
        bindHeader(statement, sample.header, uuid: uuid)
        statement.real(sample.value)
        statement.text(sample.unit)
        statement.text(sample.valueText)
        guard try statement.run() else { return false }
        try writeMetadata(sample.metadata, owner: uuid)
        if !sample.beats.isEmpty {
            let beats = try insert(
                &heartbeatStatement,
                "INSERT OR IGNORE INTO heartbeats (sample_uuid, position, bpm, time_unix_ms, written_time) VALUES (?, ?, ?, ?, ?)")
            for (position, beat) in sample.beats.enumerated() {
                beats.text(uuid)
                beats.integer(position)
                beats.real(beat.bpm)
                beats.integer(beat.millisecondsSince1970)
                beats.text(beat.writtenTime)
                try beats.run()
            }
        }
        return true
    }

    private func write(_ sample: WeightSample, uuid: String) throws -> Bool {
        let statement = try insert(Self.weightInsert)
        bindHeader(statement, sample.header, uuid: uuid)
        statement.real(sample.kilograms)
        statement.real(sample.value)
        statement.text(sample.unit)
        guard try statement.run() else { return false }
        try writeMetadata(sample.metadata, owner: uuid)
        return true
    }

    private func write(_ sample: CategorySample, uuid: String) throws -> Bool {
        let statement = try insert(&categoryStatement, Self.categoryInsert)
        bindHeader(statement, sample.header, uuid: uuid)
        statement.text(sample.value)
        statement.integer(sample.rawValue)
        guard try statement.run() else { return false }
        try writeMetadata(sample.metadata, owner: uuid)
        return true
    }

    private func write(_ correlation: Correlation, uuid: String) throws -> Bool {
        let statement = try insert(Self.correlationInsert)
        bindHeader(statement, correlation.header, uuid: uuid)
        guard try statement.run() else { return false }
        try writeMetadata(correlation.metadata, owner: uuid)
        let members = try insert(
            "INSERT OR IGNORE INTO correlation_members (correlation_uuid, member_uuid, member_kind) VALUES (?, ?, ?)")
        for member in correlation.members {
            let record = member.record
            members.text(uuid)
            members.text(identity.id(of: record).description)
            members.text(record.kind.rawValue)
            try members.run()
        }
        return true
    }

    private func write(_ summary: ActivitySummary, uuid: String) throws -> Bool {
        let statement = try insert(
            """
            INSERT OR IGNORE INTO activity_summaries (uuid, day, start_unix, active_energy_burned, \
            active_energy_burned_goal, active_energy_burned_unit, move_time, move_time_goal, exercise_time, \
            exercise_time_goal, stand_hours, stand_hours_goal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.text(uuid)
        statement.text(summary.day.iso8601)
        statement.integer(summary.start.secondsSince1970)
        statement.real(summary.activeEnergyBurned)
        statement.real(summary.activeEnergyBurnedGoal)
        statement.text(summary.activeEnergyBurnedUnit)
        statement.real(summary.moveTime)
        statement.real(summary.moveTimeGoal)
        statement.real(summary.exerciseTime)
        statement.real(summary.exerciseTimeGoal)
        statement.real(summary.standHours)
        statement.real(summary.standHoursGoal)
        return try statement.run()
    }

    private func write(_ facts: ExportFacts, uuid: String) throws -> Bool {
        let statement = try insert(
            "INSERT OR IGNORE INTO exports (uuid, export_date, export_unix, locale, version, profile) VALUES (?, ?, ?, ?, ?, ?)")
        statement.text(uuid)
        statement.timestamp(facts.exportDate)
        statement.text(facts.locale)
        statement.integer(facts.version)
        statement.json { $0.object(facts.profile) }
        return try statement.run()
    }
}
