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
        for name in storeFiles where !name.hasSuffix(".jsonl") {
            let fromStore = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/store/" + name))
            #expect(
                fromStore == (try Data(contentsOf: URL(fileURLWithPath: folder.path + "/export/" + name))), "\(name)")
        }
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

    @Test(
        "workouts --db gives GPX and TCX files the heart rate and cadence of the store's samples, as from the export",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func heartRateFromStore() throws {
        let export = try WorkoutExport()
        let store = export.folder.path + "/health.sqlite"
        let imported = try CLI.run(["import", export.exportFolder, "--db", store, "--all", "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        for format in ["gpx", "tcx", "json"] {
            for (name, input) in [("export", [export.exportFolder]), ("store", ["--db", store])] {
                let result = try CLI.run(
                    ["workouts"] + input + ["-o", export.folder.path + "/" + name, "--format", format, "--all", "-q"])
                #expect(result.status == 0, "\(result.stderr)")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: export.folder.path + "/store").sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: export.folder.path + "/export").sorted()))
        #expect(names.filter { $0.hasSuffix(".gpx") }.count == 2)
        for name in names {
            let fromStore = try String(contentsOfFile: export.folder.path + "/store/" + name, encoding: .utf8)
            let fromExport = try String(contentsOfFile: export.folder.path + "/export/" + name, encoding: .utf8)
            #expect(fromStore.split(separator: "\n").sorted() == fromExport.split(separator: "\n").sorted(), "\(name)")
        }
        let reports = try WorkoutFileChecks.run(xml: export.xmlPath, folder: export.folder.path + "/store")
        let run = try #require(reports["2024-05-07_1318_running.gpx"])
        #expect(run.points == 451 && run.withHeartRate == 451 - 2 - 18 && run.heartRateMismatches == 0)
        let ride = try #require(reports["2024-05-09_1802_cycling.tcx"])
        #expect(ride.withCadence == 481 && ride.lapDistance == 15_300 && ride.lapCalories == 380)
        let yoga = try #require(reports["2024-05-12_0730_yoga.tcx"])
        #expect(yoga.points == 120 && yoga.withHeartRate == 120)
        let json = try String(contentsOfFile: export.folder.path + "/store/workouts.jsonl", encoding: .utf8)
        #expect(json.contains("\"heartRateZones\":{"))
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
