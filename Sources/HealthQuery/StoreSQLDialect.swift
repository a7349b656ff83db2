/// What the SQL of the two stores differs in, named once so that the queries that read a store's
/// tables (for Parquet, for workouts) are described a single time for both: the PostgreSQL store keeps many people's rows
/// (a `person` column, bound as `$1`), stores JSON as text and has other date functions.
package enum StoreSQLDialect: Sendable {
    /// The SQLite store (one person, GRDB).
    case sqlite
    /// The PostgreSQL store, whose every table is read for the person bound as `$1`.
    case postgres

    /// ` AND <alias>.person = $1` in PostgreSQL, nothing in SQLite: appended to the `WHERE` or
    /// `ON` condition of each table a query reads, so every table is the person's only.
    package func mine(_ alias: String) -> String {
        switch self {
        case .sqlite: ""
        case .postgres: " AND \(alias).person = $1"
        }
    }

    /// `<alias>.person = $1 AND ` in PostgreSQL, nothing in SQLite: for a condition that starts a `WHERE`.
    package func mineAnd(_ alias: String) -> String {
        switch self {
        case .sqlite: ""
        case .postgres: "\(alias).person = $1 AND "
        }
    }

    /// The placeholder of a query's `number`th value (from 1): `?` in SQLite, `$<number + 1>` in
    /// PostgreSQL, whose `$1` is the person.
    package func parameter(_ number: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(number + 1)"
        }
    }

    /// `expression` ordered and compared byte by byte, as SQLite orders text: PostgreSQL's
    /// default collation may order UUIDs and names otherwise.
    package func bytewise(_ expression: String) -> String {
        switch self {
        case .sqlite: expression
        case .postgres: "\(expression) COLLATE \"C\""
        }
    }

    /// The written UTC offset in minutes of a `…_date` text column with its `…_unix` seconds:
    /// the date's wall clock less its instant, as an integer.
    package func offsetMinutes(date: String, unix: String) -> String {
        switch self {
        case .sqlite:
            "CAST(round((julianday(substr(\(date), 1, 19)) - julianday(\(unix), 'unixepoch')) * 1440) AS INTEGER)"
        case .postgres:
            "round(extract(epoch FROM substr(\(date), 1, 19)::timestamp - to_timestamp(\(unix)) AT TIME ZONE 'UTC') / 60)::bigint"
        }
    }

    /// The text of `key` in a column holding a JSON object as text (a device's `name`).
    package func jsonText(_ column: String, _ key: String) -> String {
        switch self {
        case .sqlite: "json_extract(\(column), '$.\(key)')"
        case .postgres: "(\(column)::json ->> '\(key)')"
        }
    }

    /// Days since 1970 of a `yyyy-MM-dd` text column.
    package func daysSince1970(_ column: String) -> String {
        switch self {
        case .sqlite: "CAST(julianday(\(column)) - 2440587.5 AS INTEGER)"
        case .postgres: "(\(column)::date - DATE '1970-01-01')::bigint"
        }
    }

    /// A `FROM` item giving the keys and text values of the JSON object in `column` of table
    /// alias `table` as `<alias>.key`, `<alias>.value` and `<alias>.id` (the entry's order).
    package func jsonEntries(_ table: String, _ column: String, as alias: String) -> String {
        switch self {
        case .sqlite: "json_each(\(table).\(column)) \(alias)"
        case .postgres: "json_each_text(\(table).\(column)::json) WITH ORDINALITY AS \(alias)(key, value, id)"
        }
    }
}
