import Foundation
import GRDB
import HealthCore
import HealthFixtures
import Testing

@testable import HealthSQLite

/// Schema 4 keeps the big sample tables' type, source and device as keys: an older store is
/// moved in place, and readers and writers of `quantity_samples` and `category_samples` see
/// the tables they saw before.
@Suite struct SampleKeysMigrationTests {
    /// The tables of schema 4 behind the sample views.
    static let keyedTables = [
        "quantity_sample_rows", "category_sample_rows", "sample_types", "sample_sources", "devices",
    ]

    /// Every row of `tables`, sorted, as text.
    static func rows(_ queue: DatabaseQueue, _ tables: [String]) throws -> [String: [String]] {
        try queue.read { db in
            var rows: [String: [String]] = [:]
            for table in tables {
                rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { row in
                    row.map { "\($0.0)=\($0.1)" }.joined(separator: "|")
                }.sorted()
            }
            return rows
        }
    }

    @Test(
        "a schema 3 store holding an export's samples and beats is moved to the rows a new store of the same export holds"
    )
    func olderStoreMovesToTheSameRows() throws {
        let folder = TemporaryFolder()
        try importFile(StoreStatusTests.sampleExport, into: folder.database, window: .all, windowGiven: true)
        let fresh = try DatabaseQueue(path: folder.database)
        let views = try Self.rows(fresh, ["quantity_samples", "category_samples", "heartbeats"])
        #expect(views["quantity_samples"]!.count > 40 && views["category_samples"]!.count > 5)
        #expect(views["heartbeats"]!.count > 10)
        let devices = try fresh.read { db in
            try Int.fetchOne(db, sql: "SELECT count(DISTINCT device) FROM quantity_samples WHERE device LIKE '{%'")
        }
        #expect(devices ?? 0 > 1)

        // Schema 3, its sample tables filled with the new store's rows, column for column.
        let oldPath = folder.path + "/old.sqlite"
        let old = try DatabaseQueue(path: oldPath)
        try StoreSchema.migrator.migrate(old, upTo: "v3-one-profile")
        try old.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS fresh", arguments: [folder.database])
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO main.quantity_samples SELECT * FROM fresh.quantity_samples")
                try db.execute(sql: "INSERT INTO main.category_samples SELECT * FROM fresh.category_samples")
                try db.execute(sql: "INSERT INTO main.heartbeats SELECT * FROM fresh.heartbeats")
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE fresh")
        }
        #expect(try old.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)

        try old.close()
        // Read-only, the store stays schema 3, and statistics computed from its samples are a new store's.
        let hourly = StatisticsQuery(type: "HKQuantityTypeIdentifierHeartRate", period: .hour)
        let freshHours = try HealthStore.open(path: folder.database, readOnly: true).read { try hourly.rows($0) }
        #expect(freshHours.count > 5)
        #expect(try HealthStore.open(path: oldPath, readOnly: true).read { try hourly.rows($0) } == freshHours)
        // Opened for writing as an import opens it: migrated, then vacuumed.
        _ = try HealthStore.open(path: oldPath)
        let migrated = try DatabaseQueue(path: oldPath)
        #expect(try migrated.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == StoreSchema.version)
        #expect(try migrated.read { try Int.fetchOne($0, sql: "PRAGMA freelist_count") } == 0)
        #expect(try Self.rows(migrated, ["quantity_samples", "category_samples", "heartbeats"]) == views)
        // Keys come from the values: the moved rows are byte for byte a new store's.
        #expect(try Self.rows(migrated, Self.keyedTables) == Self.rows(fresh, Self.keyedTables))
        try migrated.read { db in
            for view in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'view'") {
                _ = try Row.fetchAll(db, sql: "SELECT * FROM \(view)")
            }
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }

    @Test("INSERT, UPDATE and DELETE on the sample views reach their rows, and reuse the keys of known values")
    func viewsTakeWrites() throws {
        let folder = TemporaryFolder()
        try importFile(StoreStatusTests.sampleExport, into: folder.database, window: .all, windowGiven: true)
        let queue = try DatabaseQueue(path: folder.database)
        try queue.write { db in
            let devices = try Int.fetchOne(db, sql: "SELECT count(*) FROM devices")!
            let row = try Row.fetchOne(
                db,
                sql: "SELECT type, source_name, source_version, device FROM quantity_samples WHERE device IS NOT NULL")!
            let known = (0..<4).map { row[$0] as DatabaseValue }
            try db.execute(
                sql: """
                    INSERT INTO quantity_samples (uuid, type, source_name, source_version, device, start_date, start_unix,
                        end_date, end_unix, value, unit)
                    VALUES ('A', ?, ?, ?, ?, '2020-01-01T00:00:00+00:00', 1577836800, '2020-01-01T00:00:00+00:00',
                        1577836800, 7, 'count'),
                    ('B', 'HKQuantityTypeIdentifierMadeUp', 'Somebody', NULL, '{"name":"Box"}', '2020-01-01T00:00:00+00:00',
                        1577836800, '2020-01-01T00:00:00+00:00', 1577836800, 8, 'count')
                    """,
                arguments: [known[0], known[1], known[2], known[3]])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM devices") == devices + 1)
            let written = try Row.fetchAll(
                db,
                sql:
                    "SELECT uuid, type, source_name, source_version, device, value FROM quantity_samples WHERE uuid IN ('A', 'B') ORDER BY uuid"
            )
            #expect(written.count == 2)
            #expect((1...4).map { written[0][$0] as DatabaseValue } == known)
            #expect(written[1][1] as String? == "HKQuantityTypeIdentifierMadeUp")
            #expect(written[1][2] as String? == "Somebody")
            #expect(written[1][3] as String? == nil && written[1][4] as String? == "{\"name\":\"Box\"}")

            // A row that is there already is refused, as the table refused it, unless the statement says otherwise.
            let again = """
                INSERT INTO quantity_samples (uuid, type, start_date, start_unix, end_date, end_unix, value)
                SELECT uuid, type, start_date, start_unix, end_date, end_unix, value FROM quantity_samples WHERE uuid = 'A'
                """
            #expect(throws: DatabaseError.self) { try db.execute(sql: again) }
            try db.execute(sql: again.replacingOccurrences(of: "INSERT INTO", with: "INSERT OR IGNORE INTO"))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM quantity_samples WHERE uuid = 'A'") == 1)

            try db.execute(sql: "UPDATE quantity_samples SET value = 9, source_name = 'Other' WHERE uuid = 'B'")
            #expect(
                try Row.fetchOne(db, sql: "SELECT value, source_name FROM quantity_samples WHERE uuid = 'B'")
                    == ["value": 9.0, "source_name": "Other"])
            try db.execute(sql: "DELETE FROM quantity_samples WHERE uuid IN ('A', 'B')")
            #expect(
                try Int.fetchOne(db, sql: "SELECT count(*) FROM quantity_sample_rows WHERE uuid IN ('A', 'B')") == 0)
        }
    }

    @Test("a key is the value's hash, and the next free key when two values' hashes meet")
    func keysComeFromValues() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: StoreSchema.keyTables)
            let steps = try SampleKey.type("HKQuantityTypeIdentifierStepCount", db)
            #expect(steps == SampleKey.hash(["HKQuantityTypeIdentifierStepCount"]))
            #expect(try SampleKey.type("HKQuantityTypeIdentifierStepCount", db) == steps)
            // Another value holding the key the next one hashes to.
            let clash = SampleKey.hash(["HKQuantityTypeIdentifierHeartRate"])
            try db.execute(sql: "INSERT INTO sample_types (id, type) VALUES (?, 'taken')", arguments: [clash])
            #expect(try SampleKey.type("HKQuantityTypeIdentifierHeartRate", db) == clash + 1)
            #expect(SampleKey.hash(["a", nil]) != SampleKey.hash([nil, "a"]))
            #expect(SampleKey.hash(["ab", "c"]) != SampleKey.hash(["a", "bc"]))
            #expect(try SampleKey.source(nil, "1.0", db) != SampleKey.source("1.0", nil, db))
        }
    }
}
