import GRDB
import HealthCore

/// The schema's second version: corrections by later exports (deleted and replaced marks, sync
/// versions, content digests, the new counts) and IDs made distinct by `HKExternalUUID` or a
/// sync identifier.
extension StoreSchema {
    /// Tables holding records a later export can delete or replace.
    static let correctableTables = [
        "quantity_samples", "weight_samples", "category_samples", "correlations", "workouts",
        "activity_summaries", "electrocardiograms", "clinical_records", "audiograms", "vision_prescriptions", "routes",
    ]

    /// The SQL condition of a current row: neither deleted on the phone nor replaced by a newer version.
    static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    /// The condition of a marked row, written exactly as the partial indexes of
    /// ``registerMarkedIndexes(_:)`` have it, so that SQLite counts marked rows through them.
    static let marked = "deleted_by IS NOT NULL OR replaced_by IS NOT NULL"

    static func registerCorrections(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-corrections") { db in
            for table in correctableTables {
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN deleted_by INTEGER")
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN replaced_by TEXT")
            }
            try db.execute(sql: correctionTables)
        }
        migrator.registerMigration("v2-distinct-identities") { db in
            try DistinctIdentityMigration.run(db)
        }
        migrator.registerMigration("v2-views") { db in
            for view in ["weight_over_time", "daily_steps", "resting_heart_rate", "sleep_by_night", "workout_overview"]
            {
                try db.execute(sql: "DROP VIEW \(view)")
            }
            try db.execute(sql: currentViews)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
    }

    /// A partial index per correctable table holding only its marked rows: `status` and the
    /// report count those without reading every row of a ten-year store (a full scan of its
    /// quantity samples takes a second), and an import keeps them for the few rows it marks.
    static func registerMarkedIndexes(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-marked-indexes") { db in
            for (table, type, _) in RecordTables.records where correctableTables.contains(table) {
                // Led by the type column where there is one, so that the index also gives the
                // per-type grouping: else the planner prefers the table's own key order.
                let columns = type.hasPrefix("'") ? "deleted_by, replaced_by" : type
                try db.execute(sql: "CREATE INDEX \(table)_marked ON \(table)(\(columns)) WHERE \(marked)")
            }
        }
    }

    static let correctionTables = """
        CREATE TABLE sync_versions (
            type TEXT NOT NULL,
            source_name TEXT NOT NULL,
            sync_identifier TEXT NOT NULL,
            version REAL NOT NULL,
            record_uuid TEXT NOT NULL,
            start_unix INTEGER NOT NULL,
            PRIMARY KEY (type, source_name, sync_identifier)
        ) WITHOUT ROWID;
        CREATE TABLE workout_zones (
            workout_uuid TEXT NOT NULL,
            group_position INTEGER NOT NULL,
            position INTEGER NOT NULL,
            type TEXT NOT NULL,
            source TEXT,
            unit TEXT,
            minimum REAL,
            maximum REAL,
            duration REAL,
            duration_unit TEXT,
            PRIMARY KEY (workout_uuid, group_position, position)
        ) WITHOUT ROWID;
        CREATE TABLE record_digests (
            uuid TEXT PRIMARY KEY NOT NULL,
            digest TEXT NOT NULL
        ) WITHOUT ROWID;
        ALTER TABLE imports ADD COLUMN updated_count INTEGER;
        ALTER TABLE imports ADD COLUMN deleted_count INTEGER;
        ALTER TABLE imports ADD COLUMN repeated_count INTEGER;
        """

    static let currentViews = """
        CREATE VIEW weight_over_time AS
            SELECT substr(start_date, 1, 10) AS day, start_date, start_unix, kilograms, value, unit, source_name
            FROM weight_samples WHERE \(current) ORDER BY start_unix;
        CREATE VIEW daily_steps AS
            SELECT day, max(steps) AS steps, count(*) AS sources FROM (
                SELECT substr(start_date, 1, 10) AS day, source_name, sum(value) AS steps
                FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierStepCount' AND \(current)
                GROUP BY day, source_name)
            GROUP BY day ORDER BY day;
        CREATE VIEW resting_heart_rate AS
            SELECT substr(start_date, 1, 10) AS day, avg(value) AS bpm, min(value) AS min_bpm, max(value) AS max_bpm
            FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate' AND \(current)
            GROUP BY day ORDER BY day;
        CREATE VIEW sleep_by_night AS
            SELECT date(start_unix + CAST(round((julianday(substr(start_date, 1, 19)) - julianday(start_date)) * 86400) AS INTEGER) - 43200, 'unixepoch') AS night,
                value AS stage, round(sum(end_unix - start_unix) / 60.0, 1) AS minutes, count(*) AS samples
            FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' AND \(current)
            GROUP BY night, stage ORDER BY night, stage;
        CREATE VIEW workout_overview AS
            SELECT substr(start_date, 1, 10) AS day, replace(activity_type, 'HKWorkoutActivityType', '') AS activity,
                start_date, end_date, round((end_unix - start_unix) / 60.0, 1) AS minutes,
                total_distance, total_distance_unit, total_energy_burned, total_energy_burned_unit, source_name, uuid
            FROM workouts WHERE \(current) ORDER BY start_unix;
        CREATE VIEW profile AS
            SELECT export_date, locale, profile FROM exports ORDER BY export_unix DESC LIMIT 1;
        """
}

/// Moves the rows of records that carry `HKExternalUUID` or `HKMetadataKeySyncIdentifier` to
/// their distinct IDs (``DistinctIdentity``), children included, and fills `sync_versions`.
enum DistinctIdentityMigration {
    static func run(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT record_uuid, key, value FROM metadata
                WHERE key IN ('HKExternalUUID', 'HKMetadataKeySyncIdentifier') ORDER BY record_uuid, position
                """)
        var found: [String: (external: String?, sync: String?)] = [:]
        for row in rows {
            let uuid: String = row[0]
            let key: String = row[1]
            let value: String = row[2]
            var entry = found[uuid] ?? (nil, nil)
            if key == "HKExternalUUID" {
                entry.external = entry.external ?? value
            } else {
                entry.sync = entry.sync ?? value
            }
            found[uuid] = entry
        }
        guard !found.isEmpty else { return }
        try db.execute(sql: "CREATE TEMP TABLE moved (old TEXT PRIMARY KEY, new TEXT NOT NULL) WITHOUT ROWID")
        for (old, entry) in found {
            guard let base = RecordID(old) else { continue }
            let new = DistinctIdentity.id(base: base, externalUUID: entry.external, syncIdentifier: entry.sync)
            try db.execute(sql: "INSERT INTO moved (old, new) VALUES (?, ?)", arguments: [old, new.description])
        }
        let moves: [(table: String, column: String)] = [
            ("quantity_samples", "uuid"), ("weight_samples", "uuid"), ("category_samples", "uuid"),
            ("correlations", "uuid"), ("workouts", "uuid"), ("metadata", "record_uuid"), ("heartbeats", "sample_uuid"),
            ("correlation_members", "correlation_uuid"), ("correlation_members", "member_uuid"),
            ("workout_activities", "workout_uuid"), ("workout_events", "workout_uuid"),
            ("workout_statistics", "workout_uuid"), ("workout_routes", "workout_uuid"),
            ("workout_zones", "workout_uuid"), ("record_digests", "uuid"),
        ]
        for (table, column) in moves {
            try db.execute(
                sql: """
                    UPDATE \(table) SET \(column) = (SELECT new FROM moved WHERE old = \(column))
                    WHERE \(column) IN (SELECT old FROM moved)
                    """)
        }
        for (table, type) in [
            ("quantity_samples", "type"), ("weight_samples", "type"), ("category_samples", "type"),
            ("correlations", "type"), ("workouts", "activity_type"),
        ] {
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO sync_versions (type, source_name, sync_identifier, version, record_uuid, start_unix)
                    SELECT r.\(type), coalesce(r.source_name, ''), m.value,
                        max(coalesce((SELECT CAST(v.value AS REAL) FROM metadata v
                            WHERE v.record_uuid = r.uuid AND v.key = 'HKMetadataKeySyncVersion'), 0)),
                        r.uuid, r.start_unix
                    FROM metadata m JOIN \(table) r ON r.uuid = m.record_uuid
                    WHERE m.key = 'HKMetadataKeySyncIdentifier'
                    GROUP BY r.\(type), coalesce(r.source_name, ''), m.value
                    """)
        }
        try db.execute(sql: "DROP TABLE moved")
    }
}
