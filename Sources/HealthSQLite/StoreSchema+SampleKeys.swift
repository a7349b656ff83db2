import GRDB

/// The schema's fourth version: the two big sample tables keep their type, source and device as
/// integer keys into small tables, and views under their old names give readers the same
/// columns as before.
///
/// In a quantity sample row of version 3 the device's JSON took 106 of 366 bytes and the type
/// 37, though a store holds a few dozen distinct values of each. `quantity_sample_rows` and
/// `category_sample_rows` hold `type_id`, `source_id` and `device_id` instead, keyed by
/// `(type_id, start_unix, uuid)`; `quantity_samples` and `category_samples` are views joining
/// them back, with triggers so that an `INSERT`, `UPDATE` or `DELETE` on a view still works.
extension StoreSchema {
    /// The views over keyed rows, by the table holding their rows.
    static let sampleRowTables: [String: String] = [
        "quantity_samples": "quantity_sample_rows", "category_samples": "category_sample_rows",
    ]

    /// The table holding the rows of `table`: itself, or the keyed sample rows behind its view.
    static func rows(of table: String) -> String {
        sampleRowTables[table] ?? table
    }

    /// The condition on a keyed row table's `type_id` matching the type bound to `?`.
    static let typeIDMatches = "type_id = (SELECT id FROM sample_types WHERE type = ?)"

    /// The columns a view adds after the shared header: (name, declaration).
    static let sampleViewColumns: [String: [(String, String)]] = [
        "quantity_samples": [("value", "REAL"), ("unit", "TEXT"), ("value_text", "TEXT")],
        "category_samples": [("value", "TEXT"), ("raw_value", "INTEGER")],
    ]

    /// The name of the migration to keyed sample rows, after which an older store is vacuumed.
    static let sampleKeysMigration = "v4-sample-keys"

    static func registerSampleKeys(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(sampleKeysMigration) { db in
            try db.execute(sql: keyTables)
            for view in ["quantity_samples", "category_samples"] {
                for type in try String.fetchAll(db, sql: "SELECT DISTINCT type FROM \(view)") {
                    _ = try SampleKey.type(type, db)
                }
                let sources = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT source_name, source_version FROM \(view)
                        WHERE source_name IS NOT NULL OR source_version IS NOT NULL
                        """)
                for source in sources { _ = try SampleKey.source(source[0], source[1], db) }
                for device in try String.fetchAll(
                    db, sql: "SELECT DISTINCT device FROM \(view) WHERE device IS NOT NULL")
                {
                    _ = try SampleKey.device(device, db)
                }
                let rowTable = rows(of: view)
                let extra = sampleViewColumns[view]!.map(\.0)
                try db.execute(sql: rowTableSQL(view))
                try db.execute(
                    sql: """
                        INSERT INTO \(rowTable)
                        SELECT v.uuid, t.id, s.id, d.id, v.creation_date, v.creation_unix, v.start_date, v.start_unix,
                            v.end_date, v.end_unix, \(extra.map { "v.\($0)" }.joined(separator: ", ")), v.deleted_by, v.replaced_by
                        FROM \(view) v JOIN sample_types t ON t.type = v.type
                        LEFT JOIN sample_sources s ON s.source_name IS v.source_name AND s.source_version IS v.source_version
                        LEFT JOIN devices d ON d.device = v.device
                        ORDER BY t.id, v.start_unix, v.uuid
                        """)
                // Views reading the old table resolve it by name when they run: they read the new view.
                try db.execute(sql: "DROP TABLE \(view)")
                try db.execute(sql: viewSQL(view))
                try db.execute(sql: "CREATE INDEX \(rowTable)_marked ON \(rowTable)(type_id) WHERE \(marked)")
            }
            try db.execute(sql: "PRAGMA user_version = 4")
        }
    }

    static let keyTables = """
        CREATE TABLE sample_types (
            id INTEGER PRIMARY KEY,
            type TEXT NOT NULL UNIQUE
        );
        CREATE TABLE sample_sources (
            id INTEGER PRIMARY KEY,
            source_name TEXT,
            source_version TEXT
        );
        CREATE INDEX sample_sources_by_name ON sample_sources(source_name, source_version);
        CREATE TABLE devices (
            id INTEGER PRIMARY KEY,
            device TEXT NOT NULL UNIQUE
        );
        """

    static func rowTableSQL(_ view: String) -> String {
        let extra = sampleViewColumns[view]!.map { "\($0.0) \($0.1)," }.joined(separator: "\n    ")
        return """
            CREATE TABLE \(rows(of: view)) (
                uuid TEXT NOT NULL,
                type_id INTEGER NOT NULL REFERENCES sample_types(id),
                source_id INTEGER REFERENCES sample_sources(id),
                device_id INTEGER REFERENCES devices(id),
                creation_date TEXT,
                creation_unix INTEGER,
                start_date TEXT NOT NULL,
                start_unix INTEGER NOT NULL,
                end_date TEXT NOT NULL,
                end_unix INTEGER NOT NULL,
                \(extra)
                deleted_by INTEGER,
                replaced_by TEXT,
                PRIMARY KEY (type_id, start_unix, uuid)
            ) WITHOUT ROWID
            """
    }

    /// The view giving `view`'s rows the columns of its version 3 table, and the triggers that
    /// carry writes on the view over to the keyed rows.
    static func viewSQL(_ view: String) -> String {
        let rowTable = rows(of: view)
        let extra = sampleViewColumns[view]!.map(\.0)
        let plain = ["creation_date", "creation_unix", "start_date", "start_unix", "end_date", "end_unix"] + extra
        let values = plain.map { "NEW.\($0)" }.joined(separator: ", ")
        let keyOfNew = """
            (SELECT id FROM sample_types WHERE type = NEW.type),
                    (SELECT id FROM sample_sources WHERE source_name IS NEW.source_name AND source_version IS NEW.source_version),
                    (SELECT id FROM devices WHERE device = NEW.device)
            """
        let addKeys = """
            INSERT INTO sample_types (type) SELECT NEW.type WHERE NOT EXISTS (SELECT 1 FROM sample_types WHERE type = NEW.type);
                INSERT INTO sample_sources (source_name, source_version) SELECT NEW.source_name, NEW.source_version
                    WHERE (NEW.source_name IS NOT NULL OR NEW.source_version IS NOT NULL) AND NOT EXISTS (
                        SELECT 1 FROM sample_sources WHERE source_name IS NEW.source_name AND source_version IS NEW.source_version);
                INSERT INTO devices (device) SELECT NEW.device
                    WHERE NEW.device IS NOT NULL AND NOT EXISTS (SELECT 1 FROM devices WHERE device = NEW.device);
            """
        let oldKey =
            "type_id = (SELECT id FROM sample_types WHERE type = OLD.type) AND start_unix = OLD.start_unix AND uuid = OLD.uuid"
        return """
            CREATE VIEW \(view) AS
                SELECT r.uuid, t.type, s.source_name, s.source_version, d.device, \
            \(plain.map { "r.\($0)" }.joined(separator: ", ")), r.deleted_by, r.replaced_by
                FROM \(rowTable) r JOIN sample_types t ON t.id = r.type_id
                LEFT JOIN sample_sources s ON s.id = r.source_id
                LEFT JOIN devices d ON d.id = r.device_id;
            CREATE TRIGGER \(view)_insert INSTEAD OF INSERT ON \(view) BEGIN
                \(addKeys)
                INSERT INTO \(rowTable) (uuid, type_id, source_id, device_id, \(plain.joined(separator: ", ")), deleted_by, replaced_by)
                VALUES (NEW.uuid, \(keyOfNew), \(values), NEW.deleted_by, NEW.replaced_by);
            END;
            CREATE TRIGGER \(view)_update INSTEAD OF UPDATE ON \(view) BEGIN
                \(addKeys)
                UPDATE \(rowTable) SET uuid = NEW.uuid, (type_id, source_id, device_id) = (SELECT \(keyOfNew)),
                    \(plain.map { "\($0) = NEW.\($0)" }.joined(separator: ", ")), deleted_by = NEW.deleted_by, replaced_by = NEW.replaced_by
                WHERE \(oldKey);
            END;
            CREATE TRIGGER \(view)_delete INSTEAD OF DELETE ON \(view) BEGIN
                DELETE FROM \(rowTable) WHERE \(oldKey);
            END;
            """
    }
}
