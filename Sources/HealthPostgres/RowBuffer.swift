#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows
import NIOCore
import PostgresNIO

/// Rows bound for one table, written in `COPY`'s text format. Every row starts with the person.
///
/// `COPY` is why: a multi-row `INSERT` of 65,000 parameters costs the server more to parse and
/// plan than to store. Rows that may already be stored (records; correlation members, which
/// can repeat) go through a temporary staging table, neither logged nor indexed: `COPY stage
/// FROM STDIN`, then one `INSERT INTO table SELECT ... FROM stage ON CONFLICT DO NOTHING`.
/// The other child rows (keyed by their record and a position, written only for records new
/// in the same transaction) are copied straight in.
final class RowBuffer: RowBinding {
    let table: PostgresTable
    let person: String
    /// The person's field, escaped once.
    private let personField: [UInt8]
    // Every field writes these: unchecked, they cost no exclusivity check each (only the
    // writer's thread touches a buffer, one call at a time). The rows' bytes are an array, not
    // NIO's `ByteBuffer`, whose every write checks its storage's exclusive access; a load
    // reaches the driver in one copy.
    @exclusivity(unchecked) private var data: [UInt8] = []
    @exclusivity(unchecked) private var rowOpen = false
    @exclusivity(unchecked) private(set) var rows = 0
    /// For tables of records: per row, the index of its record in the batch.
    @exclusivity(unchecked) private(set) var owners: [Int] = []
    /// For tables keyed by type and start: the range of starts of the rows of each type.
    @exclusivity(unchecked) private var keyRanges: [(type: String, starts: ClosedRange<Int64>)] = []
    /// For those tables too: each row's key, its type as an index into `keyRanges`.
    @exclusivity(unchecked) private var keys: [(type: Int32, start: Int64, id: RecordID)] = []
    private var jsonBuffer = JSONBuffer(capacity: 256)
    private let statements: Statements

    init(table: PostgresTable, person: String) {
        self.table = table
        self.person = person
        var field: [UInt8] = []
        CopyText.escape(person, into: &field)
        personField = field
        statements = Statements(table)
        data.reserveCapacity(1 << 20)
    }

    var isEmpty: Bool { rows == 0 }

    /// The bytes of the rows written so far.
    var byteCount: Int { data.count }

    /// Starts a field: the person first in a new row, else a tab after the field before.
    @inline(__always)
    private func field() {
        if rowOpen {
            data.append(CopyText.tab)
        } else {
            data.append(contentsOf: personField)
            data.append(CopyText.tab)
            rowOpen = true
        }
    }

    func text(_ value: String?) {
        field()
        guard let value else { return CopyText.writeNull(into: &data) }
        CopyText.write(value, into: &data)
    }

    /// A record's ID in its canonical text form.
    func id(_ value: RecordID) {
        field()
        write(maximum: 36) { bytes in
            value.write(into: bytes)
            return 36
        }
    }

    func integer(_ value: Int64?) {
        field()
        guard let value else { return CopyText.writeNull(into: &data) }
        CopyText.write(value, into: &data)
    }

    func integer(_ value: Int?) {
        integer(value.map(Int64.init))
    }

    /// A double; NaN is stored as NULL, as SQLite stores it.
    func real(_ value: Double?) {
        field()
        guard let value, !value.isNaN else { return CopyText.writeNull(into: &data) }
        CopyText.write(value, into: &data)
    }

    /// Two columns: the ISO 8601 text with the written offset, and UTC seconds.
    func timestamp(_ value: ExportTimestamp?) {
        field()
        guard let value else {
            CopyText.writeNull(into: &data)
            field()
            return CopyText.writeNull(into: &data)
        }
        write(maximum: ExportTimestamp.maximumISO8601Length) { bytes in value.writeISO8601(into: bytes) }
        field()
        CopyText.write(value.secondsSince1970, into: &data)
    }

    /// Lets `body` write at most `maximum` bytes at the end of the rows; it returns how many it wrote.
    @inline(__always)
    private func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { scratch in
            let written = body(scratch.baseAddress!)
            data.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<written]))
        }
    }

    /// A JSON column; NULL when `build` writes nothing.
    func json(_ build: (inout JSONBuffer) -> Void) {
        jsonBuffer.removeAll()
        build(&jsonBuffer)
        field()
        if jsonBuffer.bytes.isEmpty { return CopyText.writeNull(into: &data) }
        CopyText.write(jsonBuffer.bytes, into: &data)
    }

    /// Notes the key of a row of a table keyed by type, start and ID.
    func key(type: String, start: Int64, id: RecordID) {
        // Rows come in runs of a type: the last range is nearly always the one.
        var index = keyRanges.count - 1
        if index < 0 || keyRanges[index].type != type {
            index = keyRanges.firstIndex { $0.type == type } ?? keyRanges.count
            if index == keyRanges.count { keyRanges.append((type, start...start)) }
        }
        let starts = keyRanges[index].starts
        if !starts.contains(start) {
            keyRanges[index].starts = min(starts.lowerBound, start)...max(starts.upperBound, start)
        }
        keys.append((Int32(index), start, id))
    }

    /// Ends a row; `owner` is the index of its record, for tables of records.
    func endRow(owner: Int? = nil) {
        if let owner { owners.append(owner) }
        data.append(CopyText.newline)
        rowOpen = false
        rows += 1
    }

    /// Forgets every row written.
    func removeAll() {
        data.removeAll(keepingCapacity: true)
        rowOpen = false
        rows = 0
        owners.removeAll(keepingCapacity: true)
        keyRanges.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    /// Which rows of a load were new.
    enum Loaded {
        /// Every row (child rows, or records where the store held none of the range).
        case all
        /// The rows with these IDs, in the order they were written.
        case ids([RecordID])
    }

    /// Loads every row written; tells which were new. Leaves the buffer empty. Call it inside
    /// a transaction. The rows of a table of records must have one row per key.
    func flush(_ connection: PostgresConnection, logger: Logger) async throws -> Loaded {
        guard rows > 0 else { return .ids([]) }
        defer { removeAll() }
        // One load's bytes at a time in the driver's buffer, let go of once sent.
        let load = ByteBuffer(bytes: data)
        if try await canCopyStraightIn(connection, logger) {
            try await connection.copyFrom(table: table.name, columns: statements.columns, logger: logger) { writer in
                try await writer.write(load)
            }
            return .all
        }
        guard let stage = statements.stage else { preconditionFailure("child rows are copied straight in") }
        // A staging table made in a transaction that rolled back is gone: ask for it each time.
        try await run(stage.create, connection, logger)
        try await connection.copyFrom(table: stage.name, logger: logger) { writer in
            try await writer.write(load)
        }
        var returned: [RecordID] = []
        let result = try await connection.query(PostgresQuery(unsafeSQL: statements.insert), logger: logger)
        if table.returning != nil {
            for try await list in result.decode(String.self) {
                returned.reserveCapacity(list.utf8.count / 37 + 1)
                try Self.parseIDs(list, into: &returned)
            }
        } else {
            for try await _ in result {}
        }
        try await run(stage.clear, connection, logger)
        return .ids(returned)
    }

    /// Whether the rows can skip the staging table: child rows always; records of a table keyed
    /// by type and start when the store holds none of their keys (a first import, or the newest
    /// days of a later one), which makes every row new. Half the server's work of a staged load.
    ///
    /// The store is first asked for the latest start it holds of each type in the rows' range
    /// of starts, which a first import's rows, sorted by start, mostly answer with none; then,
    /// for the rows that start no later (as when one source's day follows another's, each
    /// sorted), whether it holds any of their keys themselves.
    private func canCopyStraightIn(_ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        guard let rangeCheck = statements.rangeCheck, let keyCheck = statements.keyCheck else {
            return statements.stage == nil
        }
        guard !keyRanges.isEmpty else { return false }
        var binds = PostgresBindings(capacity: 4)
        binds.append(person)
        binds.append(keyRanges.map(\.type))
        binds.append(keyRanges.map(\.starts.lowerBound))
        binds.append(keyRanges.map(\.starts.upperBound))
        var latestHeld = [Int64?](repeating: nil, count: keyRanges.count)
        let ranges = try await connection.query(PostgresQuery(unsafeSQL: rangeCheck, binds: binds), logger: logger)
        for try await (number, start) in ranges.decode((Int64, Int64).self) { latestHeld[Int(number) - 1] = start }
        let probed = keys.filter { key in latestHeld[Int(key.type)].map { key.start <= $0 } ?? false }
        guard !probed.isEmpty else { return true }
        binds = PostgresBindings(capacity: 4)
        binds.append(person)
        binds.append(probed.map { keyRanges[Int($0.type)].type })
        binds.append(probed.map(\.start))
        binds.append(probed.map(\.id.description))
        let held = try await connection.query(PostgresQuery(unsafeSQL: keyCheck, binds: binds), logger: logger)
        for try await found in held.decode(Bool.self) { return !found }
        return false
    }

    /// Parses the comma-separated IDs of new rows.
    private static func parseIDs(_ list: String, into ids: inout [RecordID]) throws {
        var list = list
        try list.withUTF8 { bytes in
            var start = 0
            while start + 36 <= bytes.count {
                guard
                    let id = RecordID(
                        utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<start + 36])))
                else { break }
                ids.append(id)
                start += 37
            }
            guard start >= bytes.count else {
                throw StoreError(
                    .io,
                    "the store returned an ID that is not a UUID: \(String(decoding: bytes[start...].prefix(40), as: UTF8.self))"
                )
            }
        }
    }

    private func run(_ sql: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {}
    }

    /// The SQL of one table's load.
    private struct Statements {
        /// A staging table: its name and the statements that make it and empty it.
        struct Stage {
            let name: String
            let create: String
            let clear: String
        }

        let columns: [String]
        /// Nil for tables copied straight in.
        let stage: Stage?
        let insert: String
        /// For tables keyed by type and start: the latest start the store holds of some types
        /// (`$2`) each in a range of starts (`$3` to `$4`), as rows of the range's number (from
        /// 1) and that start, for the ranges where it holds any.
        let rangeCheck: String?
        /// For those tables: whether the store holds any of some keys (types `$2`, starts `$3`
        /// and IDs `$4`), each found by the table's key.
        let keyCheck: String?

        init(_ table: PostgresTable) {
            columns = ["person"] + table.columns.map(\.name)
            let list = columns.joined(separator: ", ")
            // A probe of the key's index per range, and per key: joined instead, a table the
            // planner has no statistics of yet (a first import) may be hashed whole at every load.
            rangeCheck =
                table.key.starts(with: ["type", "start_unix"])
                ? """
                SELECT range.number, held.start_unix \
                FROM unnest($2::text[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS range(type, first, last, number), \
                LATERAL (SELECT row.start_unix FROM \(table.name) AS row WHERE row.person = $1 AND row.type = range.type \
                AND row.start_unix BETWEEN range.first AND range.last ORDER BY row.start_unix DESC LIMIT 1) AS held
                """ : nil
            keyCheck =
                table.key == ["type", "start_unix", "uuid"]
                ? """
                SELECT EXISTS (SELECT 1 FROM unnest($2::text[], $3::bigint[], $4::text[]) AS key(type, start_unix, uuid), \
                LATERAL (SELECT 1 FROM \(table.name) AS row WHERE row.person = $1 AND row.type = key.type \
                AND row.start_unix = key.start_unix AND row.uuid = key.uuid LIMIT 1) AS held)
                """ : nil
            guard !table.copiedStraight else {
                stage = nil
                insert = ""
                return
            }
            let name = "stage_\(table.name)"
            stage = Stage(
                name: name,
                create:
                    "CREATE TEMPORARY TABLE IF NOT EXISTS \(name) AS SELECT \(list) FROM \(table.name) WITH NO DATA",
                clear: "TRUNCATE \(name)")
            var insert = "INSERT INTO \(table.name) (\(list)) SELECT \(list) FROM \(name) ON CONFLICT DO NOTHING"
            if let returning = table.returning {
                // One row of the new rows' keys, not a row each: rows cross from the driver one by one.
                insert =
                    "WITH inserted AS (\(insert) RETURNING \(returning)) SELECT coalesce(string_agg(\(returning), ','), '') FROM inserted"
            }
            self.insert = insert
        }
    }
}
#endif
