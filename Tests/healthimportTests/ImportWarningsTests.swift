import Foundation
import Testing

/// What `import` says about warnings it does not print one by one.
@Suite struct ImportWarningsTests {
    /// An export of `count` workouts, each naming a route file its folder does not hold.
    static func exportMissingRoutes(_ count: Int) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<HealthData locale="en_US">"#,
            #" <ExportDate value="2025-11-18 07:42:55 -0600"/>"#,
            #" <Me HKCharacteristicTypeIdentifierDateOfBirth="1982-06-19" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>"#,
        ]
        for day in 1...count {
            let date = String(format: "2025-10-%02d", day)
            lines += [
                #" <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="\#(date) 07:00:00 -0500" endDate="\#(date) 07:30:00 -0500">"#,
                #"  <WorkoutRoute sourceName="Watch" startDate="\#(date) 07:00:00 -0500" endDate="\#(date) 07:30:00 -0500">"#,
                #"   <FileReference path="/workout-routes/route_\#(date)_7.00am.gpx"/>"#,
                "  </WorkoutRoute>", " </Workout>",
            ]
        }
        return (lines + ["</HealthData>", ""]).joined(separator: "\n")
    }

    /// `import --all` of an export of `count` workouts with missing route files, into a new store.
    static func importMissingRoutes(_ count: Int) throws -> CLI.Result {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = folder + "/export.xml"
        try exportMissingRoutes(count).write(toFile: export, atomically: true, encoding: .utf8)
        return try CLI.run(["import", export, "--all", "--db", folder + "/health.sqlite"])
    }

    @Test("Of 27 missing route files, import prints five warnings and says how many more it left out")
    func moreWarningsCounted() throws {
        let result = try Self.importMissingRoutes(27)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        let missing = lines.filter { $0.contains("not found (referenced by the HKWorkoutActivityTypeRunning workout") }
        #expect(missing.count == 5)
        #expect(lines.contains("healthimport: warning: 22 more warnings not shown"), "\(result.stderr)")
        #expect(ImportCommandTests.table(result.stderr)["HKWorkoutActivityTypeRunning"]?.first == 27)
    }

    @Test("Five warnings or fewer print without a count line")
    func fewWarnings() throws {
        let result = try Self.importMissingRoutes(5)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("not found (referenced by") }.count == 5)
        #expect(!result.stderr.contains("more warnings not shown"))
    }
}
