/// A table of the PostgreSQL store: its columns with their types, and its key.
///
/// The tables are those of the SQLite store (see `docs/schema.md`) with a `person` column
/// first and in every key, so many people share one database. One description gives both
/// the `CREATE TABLE` of the migrations and the multi-row `INSERT` of the writer.
struct PostgresTable: Sendable {
    /// A column's name, SQL type and whether it takes NULL.
    struct Column: Sendable {
        var name: String
        var type: String
        var notNull: Bool
    }

    let name: String
    /// The columns after `person`.
    let columns: [Column]
    /// The primary key after `person`.
    let key: [String]
    /// The column returned for new rows (the record's UUID), for tables of records.
    let returning: String?

    /// A table from `"name type[!]"` column specs (`!` for NOT NULL; `t` text, `i` bigint, `r` double precision).
    init(_ name: String, _ specs: [String], key: [String], returning: String? = nil) {
        self.name = name
        columns = specs.map { spec in
            let parts = spec.split(separator: " ")
            var type = String(parts[1])
            let notNull = type.hasSuffix("!")
            if notNull { type.removeLast() }
            let sqlType = ["t": "TEXT", "i": "BIGINT", "r": "DOUBLE PRECISION"][type] ?? type
            return Column(name: String(parts[0]), type: sqlType, notNull: notNull)
        }
        self.key = key
        self.returning = returning
    }

    /// `CREATE TABLE ...`.
    var createSQL: String {
        let lines =
            ["person TEXT NOT NULL"] + columns.map { "\($0.name) \($0.type)\($0.notNull ? " NOT NULL" : "")" }
            + ["PRIMARY KEY (\((["person"] + key).joined(separator: ", ")))"]
        return "CREATE TABLE \(name) (\n    " + lines.joined(separator: ",\n    ") + "\n)"
    }

    /// `INSERT INTO name (person, columns) VALUES ($1, ...), ... ON CONFLICT DO NOTHING`, for tables
    /// of records wrapped to return the new rows' UUIDs as one comma-separated text,
    /// for `rows` rows; `$1` is the person, the columns' values follow row by row.
    func insertSQL(rows: Int) -> String {
        var sql = "INSERT INTO \(name) (person, \(columns.map(\.name).joined(separator: ", "))) VALUES "
        sql.reserveCapacity(sql.utf8.count + rows * columns.count * 24)
        var parameter = 2
        for row in 0..<rows {
            if row > 0 { sql += ", " }
            sql += "($1"
            for column in columns {
                sql += ", $\(parameter)::\(column.type)"
                parameter += 1
            }
            sql += ")"
        }
        sql += " ON CONFLICT DO NOTHING"
        if let returning {
            // One row of the new rows' keys, not a row each: rows cross from the driver one by one.
            sql =
                "WITH inserted AS (\(sql) RETURNING \(returning)) SELECT coalesce(string_agg(\(returning), ','), '') FROM inserted"
        }
        return sql
    }

    /// Rows per statement at most: PostgreSQL takes up to 65,535 parameters.
    var rowsPerStatement: Int { min(4_096, 65_000 / max(1, columns.count)) }
}
