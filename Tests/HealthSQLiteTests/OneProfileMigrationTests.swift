import GRDB
import HealthCore
import Testing

@testable import HealthSQLite

/// A store written when each export kept a row of its own keeps the newest, as the one profile.
@Suite struct OneProfileMigrationTests {
    @Test("v3-one-profile keeps the newest export's row, under the profile ID; the profile view still reads it")
    func keepsNewest() throws {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue, upTo: "v3-statistics")
        try queue.write { db in
            for (uuid, unix, blood) in [
                ("A", 1_717_225_200, "HKBloodTypeNotSet"), ("B", 1_717_398_000, "HKBloodTypeAPositive"),
                ("C", 1_717_311_600, "HKBloodTypeONegative"),
            ] {
                try db.execute(
                    sql: "INSERT INTO exports (uuid, export_date, export_unix, profile) VALUES (?, ?, ?, ?)",
                    arguments: [uuid, "date \(unix)", unix, "{\"BloodType\":\"\(blood)\"}"])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT uuid, export_unix, json_extract(profile, '$.BloodType') FROM exports")
        }
        #expect(rows.count == 1)
        #expect(rows.first?[0] == RecordIdentity.profileID.description)
        #expect(rows.first?[1] == 1_717_398_000)
        #expect(rows.first?[2] == "HKBloodTypeAPositive")
        let view = try queue.read { db in try String.fetchOne(db, sql: "SELECT export_date FROM profile") }
        #expect(view == "date 1717398000")
    }
}
