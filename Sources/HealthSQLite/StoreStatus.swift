import GRDB
import HealthCore
import HealthExport

extension HealthStore {
    /// Tables with a type column and a start, for ``status()``.
    static let typedTables = RecordTables.withExports

    /// Per-type rows, dates and anchors, and the last ten imports.
    public func status() throws -> StoreStatus {
        try read { db in
            let anchors = try Anchor.fetchAll(db)
            var types: [String: TypeStatus] = [:]
            // A store opened read-only may predate the marks (its migrations run on the next import).
            let hasMarks = try db.tableExists("sync_versions")
            let hasKeys = try db.tableExists("sample_types")
            for (table, type, start) in Self.typedTables {
                let correctable = hasMarks && StoreSchema.correctableTables.contains(table)
                let current = correctable ? "WHERE \(StoreSchema.current)" : ""
                // The index counts marked rows too: they are taken off below.
                let indexed = Self.typeIndexed.contains(table)
                let rows: [Row]
                // Dated by their current rows only, as the PostgreSQL store dates them.
                let dated = correctable ? StoreSchema.current : "1"
                if hasKeys, StoreSchema.sampleRowTables[table] != nil {
                    rows = try Self.perTypeByKey(db, table: StoreSchema.rows(of: table), dated: dated)
                } else if indexed {
                    rows = try Self.perTypeByIndex(db, table: table, type: type, start: start, dated: dated)
                } else {
                    rows = try Row.fetchAll(
                        db,
                        sql:
                            "SELECT \(type), count(*), min(\(start)), max(\(start)) FROM \(table) \(current) GROUP BY 1"
                    )
                }
                var found: [String: TypeStatus] = [:]
                for row in rows {
                    let name: String = row[0]
                    found[name] = TypeStatus(
                        type: name, rows: row[1], firstStart: Self.iso(row[2]), lastStart: Self.iso(row[3]))
                }
                if correctable {
                    let marked = try Row.fetchAll(
                        db, sql: Self.markedCounts(table: table, type: type, keyed: hasKeys))
                    for row in marked {
                        let name: String = row[0]
                        found[name, default: TypeStatus(type: name, rows: 0)].marked = row[1]
                        if indexed { found[name]?.rows -= row[1] }
                    }
                }
                // One type can have rows in two tables: body mass in a unit that is no mass is a quantity.
                for (name, status) in found { types[name, default: TypeStatus(type: name, rows: 0)].merge(status) }
            }
            let finished = try Dictionary(
                Row.fetchAll(db, sql: "SELECT a.type, i.finished FROM anchors a JOIN imports i ON i.id = a.import_id")
                    .map { ($0[0] as String, $0[1] as String?) }, uniquingKeysWith: { $1 })
            for (type, anchor) in anchors {
                types[type, default: TypeStatus(type: type, rows: 0)].anchor = anchor
                types[type]?.lastImport = finished[type] ?? nil
            }
            // A run whose process is gone shows as interrupted at once, not only after the next import.
            let imports = try ImportLog.settleDead(
                db,
                Row.fetchAll(db, sql: "SELECT \(ImportRecord.columns) FROM imports ORDER BY id DESC LIMIT 10")
                    .map(ImportRecord.init))
            return StoreStatus(types: types.values.sorted { $0.type < $1.type }, imports: imports)
        }
    }

    /// The query counting `table`'s marked rows per type, through its partial index of them;
    /// with `keyed`, a sample view's are counted in its row table, which a query through the
    /// view would read whole.
    static func markedCounts(table: String, type: String, keyed: Bool) -> String {
        guard keyed, StoreSchema.sampleRowTables[table] != nil else {
            return "SELECT \(type), count(*) FROM \(table) WHERE \(StoreSchema.marked) GROUP BY 1"
        }
        return """
            SELECT t.type, count(*) FROM \(StoreSchema.rows(of: table)) r JOIN sample_types t ON t.id = r.type_id
            WHERE r.deleted_by IS NOT NULL OR r.replaced_by IS NOT NULL GROUP BY r.type_id
            """
    }

    /// Tables with an index led by type and start, which ``perTypeByIndex(_:table:type:start:)`` reads.
    static let typeIndexed: Set<String> = ["quantity_samples", "category_samples", "correlations", "workouts"]

    /// Type, rows, first and last start (of rows where `dated` holds) per type of `table`,
    /// through its (type, start) index: the types found by skipping from one to the next, the
    /// dates by two seeks (past any rows `dated` leaves out), the rows by
    /// counting keys. A `GROUP BY` over a ten-year store's samples decodes every row and takes
    /// several times as long.
    static func perTypeByIndex(_ db: Database, table: String, type: String, start: String, dated: String) throws
        -> [Row]
    {
        let names = try String.fetchAll(
            db,
            sql: """
                WITH RECURSIVE types(name) AS (
                    SELECT min(\(type)) FROM \(table)
                    UNION ALL
                    SELECT (SELECT min(\(type)) FROM \(table) WHERE \(type) > types.name) FROM types WHERE types.name IS NOT NULL)
                SELECT name FROM types WHERE name IS NOT NULL
                """)
        return try names.map { name in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT ?1, (SELECT count(*) FROM \(table) WHERE \(type) = ?1),
                        (SELECT \(start) FROM \(table) WHERE \(type) = ?1 AND \(dated) ORDER BY \(start) LIMIT 1),
                        (SELECT \(start) FROM \(table) WHERE \(type) = ?1 AND \(dated) ORDER BY \(start) DESC LIMIT 1)
                    """, arguments: [name])!
        }
    }

    /// Type, rows, first and last start (of rows where `dated` holds) per type of a keyed row
    /// table, by its key: two seeks and a count of keys per type the store knows.
    static func perTypeByKey(_ db: Database, table: String, dated: String) throws -> [Row] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT type, rows, first, last FROM (
                    SELECT t.type, (SELECT count(*) FROM \(table) WHERE type_id = t.id) AS rows,
                        (SELECT start_unix FROM \(table) WHERE type_id = t.id AND \(dated) ORDER BY start_unix LIMIT 1) AS first,
                        (SELECT start_unix FROM \(table) WHERE type_id = t.id AND \(dated) ORDER BY start_unix DESC LIMIT 1) AS last
                    FROM sample_types t)
                WHERE rows > 0
                """)
    }

    static func iso(_ seconds: Int64?) -> String? {
        seconds.map { ExportTimestamp(secondsSince1970: $0, offsetMinutes: 0).iso8601 }
    }
}
