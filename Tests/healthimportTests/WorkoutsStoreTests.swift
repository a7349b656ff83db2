import Foundation
import HealthFixtures
import Testing

@Suite struct WorkoutsStoreTests {
    @Test(
        "workouts --db writes the files workouts PATH writes, read back the same with gpxpy and python-tcxparser",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)),
        arguments: [("zip/export.zip", "v14-2025/export.xml"), ("v8-2019/export.xml", "v8-2019/export.xml")])
    func sameAsExport(path: String, xml: String) throws {
        let folder = TemporaryFolder()
        let store = folder.path + "/health.sqlite"
        let imported = try CLI.run(["import", CLI.sample(path), "--db", store, "--all", "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        for format in ["gpx", "tcx", "json"] {
            let fromExport = try CLI.run([
                "workouts", CLI.sample(path), "-o", folder.path + "/export", "--format", format, "--all", "-q",
            ])
            #expect(fromExport.status == 0, "\(fromExport.stderr)")
            let fromStore = try CLI.run([
                "workouts", "--db", store, "-o", folder.path + "/store", "--format", format, "--all",
            ])
            #expect(fromStore.status == 0, "\(fromStore.stderr)")
            #expect(fromStore.stderr.contains("from \(store)"), "\(fromStore.stderr)")
        }
        let exportFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/export").sorted()
        let storeFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/store").sorted()
        #expect(exportFiles.count > 3)
        #expect(storeFiles == exportFiles)
        let jsonFromExport = try String(contentsOfFile: folder.path + "/export/workouts.jsonl", encoding: .utf8)
        let jsonFromStore = try String(contentsOfFile: folder.path + "/store/workouts.jsonl", encoding: .utf8)
        #expect(!jsonFromStore.isEmpty)
        // The store's workouts come in start order, an export's in the export's order.
        #expect(jsonFromStore.split(separator: "\n").sorted() == jsonFromExport.split(separator: "\n").sorted())

        let expected = try WorkoutFileChecks.run(xml: CLI.sample(xml), folder: folder.path + "/export")
        let found = try WorkoutFileChecks.run(xml: CLI.sample(xml), folder: folder.path + "/store")
        #expect(found.keys.sorted() == expected.keys.sorted())
        for (name, report) in found {
            #expect(report.outside == 0, "\(name)")
            #expect(report.heartRateMismatches == 0, "\(name)")
            #expect(report.lapMismatches ?? [] == [], "\(name)")
            guard let before = expected[name] else { continue }
            #expect(report.points == before.points, "\(name)")
            #expect(report.withHeartRate == before.withHeartRate, "\(name)")
            #expect(report.withCadence == before.withCadence, "\(name)")
            #expect(report.withElevation == before.withElevation, "\(name)")
            #expect(report.laps == before.laps, "\(name)")
            #expect(report.lapSeconds == before.lapSeconds, "\(name)")
            #expect(report.lapDistance == before.lapDistance, "\(name)")
            #expect(report.lapCalories == before.lapCalories, "\(name)")
        }
    }

    @Test("workouts with both an export and --db, or neither, is a usage error; a missing store one line")
    func mistakes() throws {
        let both = try CLI.run([
            "workouts", CLI.sample("zip/export.zip"), "--db", "x.sqlite", "-o", "out", "--format", "tcx",
        ])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"))
        let neither = try CLI.run(["workouts", "-o", "out", "--format", "tcx"])
        #expect(neither.status == 64)
        let folder = TemporaryFolder()
        let missing = try CLI.run([
            "workouts", "--db", "/nonexistent/health.sqlite", "-o", folder.path, "--format", "gpx",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("healthimport: error: /nonexistent/health.sqlite does not exist"))
    }
}
