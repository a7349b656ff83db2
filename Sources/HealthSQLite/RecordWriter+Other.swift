import HealthCore
import HealthExport
import HealthStoreRows

/// The records whose rows ``RecordRows`` describes for both stores.
extension RecordWriter {
    /// `INSERT OR IGNORE` into each of ``RecordRows``' tables, its columns in their order.
    static let rowInserts: [String: String] = RecordRows.columns.reduce(into: [:]) { inserts, table in
        let placeholders = Array(repeating: "?", count: table.value.count).joined(separator: ", ")
        inserts[table.key] =
            "INSERT OR IGNORE INTO \(table.key) (\(table.value.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// The insert of one of ``RecordRows``' tables.
    func insert(into table: String) throws -> BoundStatement {
        try insert(Self.rowInserts[table]!)
    }

    func write(_ ecg: Electrocardiogram, id: RecordID) throws -> Bool {
        let statement = try insert(into: "electrocardiograms")
        RecordRows.bind(ecg, id: id, into: statement)
        return try statement.run()
    }

    func write(_ record: ClinicalRecord, id: RecordID) throws -> Bool {
        let statement = try insert(into: "clinical_records")
        RecordRows.bind(record, id: id, into: statement)
        return try statement.run()
    }

    func write(_ audiogram: Audiogram, id: RecordID) throws -> Bool {
        let uuid = id.description
        let statement = try insert(Self.headerInsert("audiograms", extra: ["points"]))
        bindHeader(statement, audiogram.header, id: id)
        statement.json { out in
            out.beginArray()
            for point in audiogram.points { out.object(point) }
            out.endArray()
        }
        guard try statement.run() else { return false }
        try writeMetadata(audiogram.metadata, owner: uuid)
        return true
    }

    func write(_ prescription: VisionPrescription, id: RecordID) throws -> Bool {
        let statement = try insert(into: "vision_prescriptions")
        RecordRows.bind(prescription, id: id, into: statement)
        guard try statement.run() else { return false }
        try writeMetadata(prescription.metadata, owner: id.description)
        return true
    }

    func write(_ summary: ActivitySummary, id: RecordID) throws -> Bool {
        let statement = try insert(into: "activity_summaries")
        RecordRows.bind(summary, id: id, into: statement)
        return try statement.run()
    }

    func write(_ facts: ExportFacts, id: RecordID) throws -> Bool {
        let statement = try insert(into: "exports")
        RecordRows.bind(facts, id: id, into: statement)
        return try statement.run()
    }

    func write(_ route: RouteTrack, id: RecordID) throws -> Bool {
        let statement = try insert(into: "routes")
        RecordRows.bind(route, id: id, into: statement)
        guard try statement.run() else { return false }
        try RecordRows.bindPoints(of: route, id: id, into: try insert(into: "route_points")) { _ = try $0.run() }
        return true
    }
}

extension BoundStatement: RowBinding {
    func id(_ value: RecordID) { text(value) }
}
