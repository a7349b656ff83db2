#if PostgreSQL
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
    /// Whether the writer copies rows straight into the table, not through a staging table:
    /// child rows written once per new record, whose key its position among them completes
    /// (not correlation members, which can repeat, nor digests, which a rewrite writes again).
    let copiedStraight: Bool

    /// A table from `"name type[!]"` column specs (`!` for NOT NULL; `t` text, `i` bigint, `r` double precision).
    init(_ name: String, _ specs: [String], key: [String], returning: String? = nil, copiedStraight: Bool? = nil) {
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
        self.copiedStraight = copiedStraight ?? (returning == nil && key.contains("position"))
    }

    /// `CREATE TABLE ...`.
    var createSQL: String {
        let lines =
            ["person TEXT NOT NULL"] + columns.map { "\($0.name) \($0.type)\($0.notNull ? " NOT NULL" : "")" }
            + ["PRIMARY KEY (\((["person"] + key).joined(separator: ", ")))"]
        return "CREATE TABLE \(name) (\n    " + lines.joined(separator: ",\n    ") + "\n)"
    }
}
#endif
