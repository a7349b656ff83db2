import Foundation
import GRDB
import HealthFixtures
import Testing

@testable import HealthSQLite

/// Opening a store made by an earlier healthimport says which migrations are about to run; a new
/// store and a current one say nothing.
@Suite struct MigrationNoticeTests {
    @Test("A schema 3 store announces the migrations it lacks, once; new and current stores announce none")
    func announcesPendingMigrations() throws {
        let folder = TemporaryFolder()
        let oldPath = folder.path + "/old.sqlite"
        try StoreSchema.migrator.migrate(try DatabaseQueue(path: oldPath), upTo: "v3-one-profile")

        var announced: [[String]] = []
        _ = try HealthStore.open(path: oldPath) { announced.append($0) }
        #expect(announced.count == 1)
        #expect(announced.first?.contains(StoreSchema.sampleKeysMigration) == true)
        #expect(announced.first?.contains("v3-one-profile") == false)
        #expect(announced.first?.last == StoreSchema.migrator.migrations.last)

        _ = try HealthStore.open(path: oldPath) { announced.append($0) }
        _ = try HealthStore.open(path: folder.database) { announced.append($0) }
        _ = try HealthStore.open(path: folder.database) { announced.append($0) }
        #expect(announced.count == 1)
    }
}
