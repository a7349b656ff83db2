import Foundation
import HealthFixtures
import Testing

@Suite struct WorkoutsCommandTests {
    static let corpus = CLI.repositoryRoot + "/../shared/corpus"
    static let corpusAvailable = FileManager.default.fileExists(
        atPath: corpus + "/nicolasreyrolle-ios18-26-fragments.xml")

    private func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test(
        "GPX files carry the route with the heart rate of the workout's own samples, as gpxpy reads them",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func gpx() throws {
        let export = try WorkoutExport()
        let output = export.folder.path + "/gpx"
        let result = try CLI.run(["workouts", export.exportFolder, "-o", output, "--format", "gpx"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(output) == ["2024-05-07_1318_running.gpx", "2024-05-09_1802_cycling.gpx"])
        let reports = try WorkoutFileChecks.run(xml: export.xmlPath, folder: output)
        let run = try #require(reports["2024-05-07_1318_running.gpx"])
        #expect(run.points == 451 && run.withElevation == 451 && run.outside == 0)
        #expect(run.heartRateMismatches == 0)
        // The points at 0 and 4 s have no sample within a minute (the first is at 5 s), nor do
        // the 18 from 656 to 724 s, more than a minute after the last sample before the gap.
        #expect(run.withHeartRate == 451 - 2 - 18)
        let ride = try #require(reports["2024-05-09_1802_cycling.gpx"])
        #expect(
            ride.points == 481 && ride.withHeartRate == 481 && ride.withCadence == 481 && ride.heartRateMismatches == 0)
        #expect(result.stderr.contains("3 workouts (last 30 days): 2 GPX files"))
    }

    @Test(
        "TCX files have one lap per lap event or one for the whole workout, whose totals match the statistics, as python-tcxparser reads them",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func tcx() throws {
        let export = try WorkoutExport()
        let output = export.folder.path + "/tcx"
        let result = try CLI.run(["workouts", export.exportFolder, "-o", output, "--format", "tcx", "--all", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let reports = try WorkoutFileChecks.run(xml: export.xmlPath, folder: output)
        #expect(reports.count == 4)
        for (name, report) in reports {
            #expect(report.heartRateMismatches == 0, "\(name)")
            #expect(report.outside == 0, "\(name)")
            #expect(report.lapMismatches == [], "\(name)")
        }
        let run = try #require(reports["2024-05-07_1318_running.tcx"])
        #expect(run.sport == "running" && run.laps == 3 && run.lapSeconds == 1800 && run.points == 451)
        let ride = try #require(reports["2024-05-09_1802_cycling.tcx"])
        #expect(ride.sport == "biking" && ride.laps == 1 && ride.lapDistance == 15_300 && ride.lapCalories == 380)
        #expect(ride.withCadence == 481)
        // Without a route, the track is the heart-rate samples.
        let yoga = try #require(reports["2024-05-12_0730_yoga.tcx"])
        #expect(yoga.sport == "other" && yoga.points == 120 && yoga.withHeartRate == 120)
        #expect(abs((reports["2024-03-01_1318_walking.tcx"]?.lapDistance ?? 0) - 1.9 * 1609.344) < 0.01)
    }

    @Test("JSON lines give totals and seconds in five zones of 220 minus the age, or of --max-heart-rate")
    func json() throws {
        let export = try WorkoutExport()
        let result = try CLI.run([
            "workouts", export.exportFolder, "-o", "-", "--format", "json", "--activity", "running",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 1)
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any])
        #expect(line["type"] as? String == "HKWorkoutActivityTypeRunning")
        #expect(line["duration"] as? Double == 1800)
        #expect(line["distance"] as? Double == 5020)
        #expect(line["energy"] as? Double == 410.5)
        #expect(line["maximumHeartRate"] as? Double == 159)
        let zones = try #require(line["heartRateZones"] as? [String: Any])
        #expect(zones["origin"] as? String == "computed")
        #expect(zones["maximumHeartRate"] as? Double == 186)
        #expect(zones["maximumFrom"] as? String == "age")
        let seconds = (zones["zones"] as? [[String: Any]] ?? []).compactMap { $0["seconds"] as? Double }
        #expect(seconds.count == 5 && seconds.reduce(0, +) == 1725)

        let folder = export.folder.path + "/json"
        let given = try CLI.run([
            "workouts", export.exportFolder, "-o", folder, "--format", "json", "--all", "--max-heart-rate", "150",
        ])
        #expect(given.status == 0, "\(given.stderr)")
        let lines = try String(contentsOfFile: folder + "/workouts.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.filter { $0.contains("\"maximumHeartRate\":150,\"maximumFrom\":\"given\"") }.count == 3)
    }

    @Test("route says whether a workout has a route, from the export and from the store alike")
    func routeNamed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = CLI.sample("zip/export.zip")
        #expect(try CLI.run(["import", export, "--all", "--db", folder + "/health.sqlite", "-q"]).status == 0)
        var answers: [[String: Bool]] = []
        for source in [[export], ["--db", folder + "/health.sqlite"]] {
            let result = try CLI.run(["workouts"] + source + ["-o", "-", "--format", "json", "--all", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
            var routes: [String: Bool] = [:]
            for line in result.lines {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                routes[try #require(object["start"] as? String)] = object["route"] as? Bool
            }
            answers.append(routes)
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0]["2025-10-11T07:03:15-05:00"] == true)
        #expect(answers[0]["2021-08-22T08:05:11-05:00"] == false)
    }

    @Test("Apple's own zones are taken when the workout carries them")
    func appleZones() throws {
        let result = try CLI.run([
            "workouts", CLI.sample("zip/export.zip"), "-o", "-", "--format", "json", "--all", "--activity", "running",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 1)
        #expect(
            result.lines.first?.contains(
                "\"heartRateZones\":{\"origin\":\"apple\",\"zones\":[{\"zone\":1,\"maximum\":141,\"seconds\":672}")
                == true)
    }

    @Test(
        "Every sample export's workouts read back with gpxpy and python-tcxparser, laps matching their statistics",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)),
        arguments: [
            ("zip/export.zip", "v14-2025/export.xml", 2, 4), ("v8-2019/export.xml", "v8-2019/export.xml", 3, 4),
            ("v12-2022/export.xml", "v12-2022/export.xml", 0, 3), ("v3-2016/export.xml", "v3-2016/export.xml", 0, 3),
        ])
    func sampleExports(path: String, xml: String, gpxFiles: Int, tcxFiles: Int) throws {
        let folder = TemporaryFolder()
        for format in ["gpx", "tcx"] {
            let result = try CLI.run([
                "workouts", CLI.sample(path), "-o", folder.path, "--format", format, "--all", "-q",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let names = try files(folder.path)
        #expect(names.filter { $0.hasSuffix(".gpx") }.count == gpxFiles)
        #expect(names.filter { $0.hasSuffix(".tcx") }.count == tcxFiles)
        let reports = try WorkoutFileChecks.run(xml: CLI.sample(xml), folder: folder.path)
        #expect(reports.count == gpxFiles + tcxFiles)
        for (name, report) in reports {
            #expect(report.outside == 0, "\(name)")
            #expect(report.heartRateMismatches == 0, "\(name)")
            #expect(report.lapMismatches ?? [] == [], "\(name)")
            if name.hasSuffix(".gpx") { #expect(report.points > 0, "\(name)") }
        }
    }

    @Test(
        "A real export's workouts with real routes (corpus): points inside the workouts, laps matching their statistics",
        .enabled(if: corpusAvailable, "../shared/corpus is not beside this clone"),
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func corpusRoutes() throws {
        let folder = TemporaryFolder()
        let exportFolder = folder.path + "/apple_health_export"
        let routes = exportFolder + "/workout-routes"
        try FileManager.default.createDirectory(atPath: routes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.corpus + "/nicolasreyrolle-ios18-26-fragments.xml", toPath: exportFolder + "/export.xml")
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
        where name.hasPrefix("nicolasreyrolle-route_") {
            try FileManager.default.copyItem(
                atPath: Self.corpus + "/" + name,
                toPath: routes + "/" + name.dropFirst("nicolasreyrolle-".count))
        }
        let output = folder.path + "/out"
        for format in ["gpx", "tcx"] {
            let result = try CLI.run(["workouts", exportFolder, "-o", output, "--format", format, "--all"])
            #expect(result.status == 0, "\(result.stderr)")
            // Most route files the fragments name were not published: each missing one is a warning.
            #expect(result.stderr.contains("route file /workout-routes/route_2025-07-14_6.51pm.gpx not found"))
        }
        let reports = try WorkoutFileChecks.run(xml: exportFolder + "/export.xml", folder: output)
        let gpx = reports.filter { $0.key.hasSuffix(".gpx") }
        #expect(gpx.count == 3)
        #expect(gpx.values.map(\.points).sorted() == [60, 814, 970])
        #expect(reports.filter { $0.key.hasSuffix(".tcx") }.count == 10)
        for (name, report) in reports {
            #expect(report.outside == 0, "\(name)")
            #expect(report.heartRateMismatches == 0, "\(name)")
            #expect(report.lapMismatches ?? [] == [], "\(name)")
        }
    }

    @Test("Mistakes get one clear line and a non-zero exit")
    func mistakes() throws {
        let sample = CLI.sample("zip/export.zip")
        let toStandardOutput = try CLI.run(["workouts", sample, "-o", "-", "--format", "gpx"])
        #expect(toStandardOutput.status == 64)
        #expect(toStandardOutput.stderr.contains("-o - writes JSON lines only"))
        let file = TemporaryFolder()
        let missing = try CLI.run(["workouts", "/nonexistent/export.zip", "-o", file.path + "/out", "--format", "gpx"])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path + "/out"), "a failed start leaves no folder behind")
        _ = FileManager.default.createFile(atPath: file.path + "/taken", contents: Data())
        let notFolder = try CLI.run(["workouts", sample, "-o", file.path + "/taken", "--format", "tcx"])
        #expect(notFolder.status == 1)
        #expect(notFolder.stderr.contains("exists and is not a folder"))
    }
}
