#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

@Suite("workouts on a PostgreSQL store", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct WorkoutsOnPostgresTests {
    @Test("workouts --db postgresql:// --person writes, byte for byte, the files workouts --db writes from SQLite")
    func sameAsSQLite() throws {
        try compare(export: Tool.repositoryRoot + "/SampleExports/zip/export.zip", gpxFiles: 2, tcxFiles: 4)
    }

    @Test("workouts --db postgresql:// takes the heart rate and cadence of the person's samples, as from SQLite")
    func heartRateAsSQLite() throws {
        let export = try WorkoutExport()
        try compare(export: export.exportFolder, gpxFiles: 2, tcxFiles: 4)
    }

    private func compare(export: String, gpxFiles: Int, tcxFiles: Int) throws {
        let folder = NSTemporaryDirectory() + "healthimport-workouts-pg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = ["--db", folder + "/health.sqlite"]
        let postgres = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("workouts")]
        // Another person with the very same workouts: a query that leaked across people would double them.
        let other = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("workouts-other")]
        for store in [sqlite, postgres, other] {
            let imported = try Tool.healthimport(["import", "--all", export] + store)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        for format in ["gpx", "tcx", "json"] {
            for (name, store) in [("sqlite", sqlite), ("postgres", postgres)] {
                let written = try Tool.healthimport(
                    ["workouts", "-o", folder + "/" + name, "--format", format, "--all"] + store)
                #expect(written.status == 0, "\(written.stderr)")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/sqlite").sorted()
        #expect(names.filter { $0.hasSuffix(".gpx") }.count == gpxFiles)
        #expect(names.filter { $0.hasSuffix(".tcx") }.count == tcxFiles)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/postgres").sorted() == names)
        for name in names {
            let expected = try Data(contentsOf: URL(fileURLWithPath: folder + "/sqlite/" + name))
            let found = try Data(contentsOf: URL(fileURLWithPath: folder + "/postgres/" + name))
            #expect(!found.isEmpty, "\(name)")
            #expect(found == expected, "\(name)")
        }

        // A person the database knows, with no rows of theirs.
        let nobodyHere = TestPostgres.freshPerson("nobody")
        #expect(try Tool.healthimport(["people", "add", nobodyHere, "--db", TestPostgres.url!]).status == 0)
        let nobody = try Tool.healthimport(
            [
                "workouts", "-o", folder + "/nobody", "--format", "tcx", "--all", "--db", TestPostgres.url!, "--person",
                nobodyHere,
            ])
        #expect(nobody.status == 0, "\(nobody.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/nobody").isEmpty)
    }
}
#endif
