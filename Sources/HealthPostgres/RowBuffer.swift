import HealthExport
import HealthJSON
import PostgresNIO

/// Rows bound for one table's multi-row `INSERT ... ON CONFLICT DO NOTHING`, cut into statements
/// of ``PostgresTable/rowsPerStatement`` rows; `$1` of every statement is the person.
final class RowBuffer {
    let table: PostgresTable
    let person: String
    /// Full statements' binds and row counts, then the one being filled.
    private(set) var statements: [(binds: PostgresBindings, rows: Int)] = []
    private var binds: PostgresBindings
    private var rows = 0
    /// For tables of records: per row, the index of its record in the batch.
    private(set) var owners: [Int] = []
    private var jsonBuffer = JSONBuffer(capacity: 256)
    /// The statements' SQL by row count.
    private var statementSQL: [Int: String] = [:]

    init(table: PostgresTable, person: String) {
        self.table = table
        self.person = person
        binds = Self.start(person: person, rows: table.rowsPerStatement, columns: table.columns.count)
    }

    private static func start(person: String, rows: Int, columns: Int) -> PostgresBindings {
        var binds = PostgresBindings(capacity: 1 + min(rows, 64) * columns)
        binds.append(person)
        return binds
    }

    var isEmpty: Bool { rows == 0 && statements.isEmpty }

    func text(_ value: String?) {
        if let value { binds.append(value) } else { binds.appendNull() }
    }

    func integer(_ value: Int64?) {
        if let value { binds.append(value) } else { binds.appendNull() }
    }

    func integer(_ value: Int?) {
        integer(value.map(Int64.init))
    }

    func real(_ value: Double?) {
        if let value { binds.append(value) } else { binds.appendNull() }
    }

    /// Two columns: the ISO 8601 text with the written offset, and UTC seconds.
    func timestamp(_ value: ExportTimestamp?) {
        text(value?.iso8601)
        integer(value?.secondsSince1970)
    }

    /// A JSON column; NULL when `build` writes nothing.
    func json(_ build: (inout JSONBuffer) -> Void) {
        jsonBuffer.removeAll()
        build(&jsonBuffer)
        text(jsonBuffer.bytes.isEmpty ? nil : String(decoding: jsonBuffer.bytes, as: UTF8.self))
    }

    /// Ends a row; `owner` is the index of its record, for tables of records.
    func endRow(owner: Int? = nil) {
        if let owner { owners.append(owner) }
        rows += 1
        if rows == table.rowsPerStatement { cut() }
    }

    private func cut() {
        guard rows > 0 else { return }
        statements.append((binds, rows))
        binds = Self.start(person: person, rows: table.rowsPerStatement, columns: table.columns.count)
        rows = 0
    }

    /// Inserts every row bound; returns the values of the table's `RETURNING` column for the
    /// rows that were new. Leaves the buffer empty.
    func flush(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        cut()
        var returned: [String] = []
        for statement in statements {
            let sql: String
            if let cached = statementSQL[statement.rows] {
                sql = cached
            } else {
                sql = table.insertSQL(rows: statement.rows)
                statementSQL[statement.rows] = sql
            }
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: statement.binds), logger: logger)
            if table.returning != nil {
                for try await list in rows.decode(String.self) where !list.isEmpty {
                    returned.append(contentsOf: list.split(separator: ",").map(String.init))
                }
            } else {
                for try await _ in rows {}
            }
        }
        statements.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        return returned
    }
}
