import Foundation
import GRDB
import HealthCore
import HealthExport
import HealthFixtures
import Testing

@testable import HealthSQLite

/// A store written before `HKExternalUUID` and sync identifiers entered record names keeps working.
@Suite struct DistinctIdentityMigrationTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-01 09:00:00 +0200"/>
         <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Food Log" unit="kcal" creationDate="2024-05-31 10:00:00 +0200" startDate="2024-05-31 10:00:00 +0200" endDate="2024-05-31 10:00:00 +0200" value="60">
          <MetadataEntry key="HKExternalUUID" value="portion-1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2024-05-30 08:00:00 +0200" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70">
          <MetadataEntry key="HKMetadataKeySyncIdentifier" value="w-1"/>
          <MetadataEntry key="HKMetadataKeySyncVersion" value="3"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" creationDate="2024-05-31 10:00:00 +0200" startDate="2024-05-31 10:00:00 +0200" endDate="2024-05-31 10:05:00 +0200" value="100"/>
        </HealthData>

        """

    /// Builds a store as the first schema left it, holding the export's records under their plain IDs.
    func makeVersion1Store(_ path: String) throws -> [String: RecordID] {
        let queue = try DatabaseQueue(path: path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-records") { db in try db.execute(sql: StoreSchema.recordTables) }
        migrator.registerMigration("v1-workouts") { db in try db.execute(sql: StoreSchema.workoutTables) }
        migrator.registerMigration("v1-imports-anchors") { db in try db.execute(sql: StoreSchema.bookkeepingTables) }
        migrator.registerMigration("v1-views") { db in
            try db.execute(sql: StoreSchema.views)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        try migrator.migrate(queue)
        let records = try stream(Self.xml).records
        var identity = RecordIdentity()
        var plain: [String: RecordID] = [:]
        try queue.write { db in
            for record in records {
                guard record.record.kind != .export else { continue }
                let id = identity.plainID(of: record.record)
                plain[record.record.type] = id
                let table = record.record.kind == .weight ? "weight_samples" : "quantity_samples"
                let extra = table == "weight_samples" ? ", kilograms, value, unit" : ", value, unit"
                let values = table == "weight_samples" ? ", 70, 70, 'kg'" : ", 60, 'kcal'"
                try db.execute(
                    sql: """
                        INSERT INTO \(table) (uuid, type, source_name, start_date, start_unix, end_date, end_unix\(extra)) \
                        VALUES (?, ?, ?, '', ?, '', ?\(values))
                        """,
                    arguments: [
                        id.description, record.record.type, record.record.sourceName,
                        record.record.start!.secondsSince1970,
                        record.record.end!.secondsSince1970,
                    ])
                for (position, entry) in record.record.ownMetadata.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO metadata (record_uuid, position, key, value) VALUES (?, ?, ?, ?)",
                        arguments: [id.description, position, entry.key, entry.value])
                }
            }
        }
        try queue.close()
        return plain
    }

    @Test(
        "Opening an old store moves records with HKExternalUUID or a sync identifier to their distinct IDs, children and sync versions included"
    )
    func migration() throws {
        let folder = TemporaryFolder()
        let plain = try makeVersion1Store(folder.database)
        _ = try HealthStore.open(path: folder.database)
        let expected = try Dictionary(
            uniqueKeysWithValues: stream(Self.xml).records.filter { $0.record.kind != .export }.map {
                ($0.record.type, $0.id)
            })
        let food = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
        let weight = "HKQuantityTypeIdentifierBodyMass"
        let steps = "HKQuantityTypeIdentifierStepCount"
        #expect(expected[food] != plain[food])
        #expect(expected[weight] != plain[weight])
        #expect(expected[steps] == plain[steps], "records without those keys keep their IDs")
        let queue = try DatabaseQueue(path: folder.database, configuration: .patient)
        try queue.read { db in
            let quantities = try String.fetchAll(db, sql: "SELECT uuid FROM quantity_samples ORDER BY type")
            #expect(Set(quantities) == [expected[food]!.description, expected[steps]!.description])
            #expect(try String.fetchOne(db, sql: "SELECT uuid FROM weight_samples") == expected[weight]!.description)
            let owners = try String.fetchAll(db, sql: "SELECT DISTINCT record_uuid FROM metadata")
            #expect(Set(owners) == [expected[food]!.description, expected[weight]!.description])
            let sync = try Row.fetchOne(db, sql: "SELECT sync_identifier, version, record_uuid FROM sync_versions")
            #expect(sync?[0] as String? == "w-1")
            #expect(sync?[1] as Double? == 3)
            #expect(sync?[2] as String? == expected[weight]!.description)
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == StoreSchema.version)
        }
    }

    @Test("A re-import of the same export into a migrated store adds nothing")
    func reimportAddsNothing() throws {
        let folder = TemporaryFolder()
        _ = try makeVersion1Store(folder.database)
        let path = folder.path + "/export.xml"
        try Self.xml.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try importFile(path, into: folder.database, window: .all, windowGiven: true)
        #expect(result.total.new == 1, "only the export's own row: \(result.total)")
        #expect(result.total.alreadyImported == 3)
        #expect(result.total.updated == 0)
    }
}
