import Foundation
import GRDB
import Testing

@testable import HealthSQLite

/// A store from an earlier healthimport is brought up to date by the first command that writes
/// it, which says so first: on a large store that takes a while.
@Suite struct MigrationNoticeCommandTests {
    @Test("import into a schema 3 store says it updates the layout, then imports; the next import says nothing")
    func importSaysItMigrates() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try StoreSchema.migrator.migrate(try DatabaseQueue(path: folder + "/old.sqlite"), upTo: "v3-one-profile")
        let sample = CLI.sample("v14-2025/export.xml")

        let first = try CLI.run(["import", sample, "--all", "--db", "old.sqlite"], directory: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let notice = "healthimport: updating the store to this version's layout ("
        #expect(first.stderr.hasPrefix(notice), "\(first.stderr)")
        #expect(first.stderr.contains(StoreSchema.sampleKeysMigration))

        let second = try CLI.run(["import", sample, "--all", "--db", "old.sqlite"], directory: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stderr.contains(notice), "\(second.stderr)")
    }
}
