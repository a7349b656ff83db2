import Foundation
import HealthExport
import HealthFixtures
import Testing

/// Reads the third-party corpus in `../shared/corpus/` when it is there (a user's clone has none)
/// and compares with the element counts its `SOURCES.md` gives, which other parsers took.
@Suite struct CorpusConformanceTests {
    static let corpus = repositoryRoot + "/../shared/corpus"
    static let available = FileManager.default.fileExists(atPath: corpus + "/SOURCES.md")

    /// Expected counts from SOURCES.md. `records` counts every Record element, nested ones included.
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var records: Int
        var correlations = 0
        var workouts = 0
        var activitySummaries = 0
        var workoutEvents: Int?
        var workoutStatistics: Int?
        var workoutActivities: Int?
        var routes: Int?
        var locations: Int?
        var beats: Int?

        var description: String { file }
    }

    static let expectations: [Expectation] = [
        Expectation(file: "brianerdelyi-ios8.1-2015-export.xml", records: 563),
        Expectation(file: "ericwolter-ios8-2015-en_DE-export.xml", records: 3067),
        Expectation(file: "ericwolter-ios8-2015-de_DE-Exportieren.xml", records: 2819),
        Expectation(file: "tdda-export6s3sample-v3.xml", records: 15, workouts: 1, activitySummaries: 2),
        Expectation(file: "comocomo-hkimporter-v3-2017-head300k.xml", records: 1234),
        Expectation(
            file: "comocomo-hkimporter-v3-2017-selection.xml", records: 255 + 0, correlations: 34, workouts: 61,
            workoutEvents: 4),
        Expectation(file: "rgosdin-docs-ios12.3-2019.xml", records: 3352),
        Expectation(file: "dogsheep-tests-export.xml", records: 2, workouts: 1, activitySummaries: 2, locations: 2),
        Expectation(file: "dogsheep-zip-export.xml", records: 2, workouts: 1, activitySummaries: 2, locations: 0),
        Expectation(file: "ahcd-v11-2020-export.xml", records: 11, correlations: 1),
        Expectation(file: "aleksi-applehealth-ru_RU-testdata.xml", records: 2),
        Expectation(file: "alxdrcirilo-apple-health-parser.xml", records: 8),
        Expectation(
            file: "grll-apple-health-mcp-v14.xml", records: 28, correlations: 1, workouts: 2, activitySummaries: 3,
            workoutEvents: 2, workoutStatistics: 3, routes: 2, beats: 2),
        Expectation(
            file: "nicolasreyrolle-ios18-26-fragments.xml", records: 39, workouts: 10, workoutEvents: 304,
            workoutStatistics: 252, workoutActivities: 19, routes: 24),
        Expectation(file: "paulstaab-health-data-parser.xml", records: 5, workouts: 8, workoutStatistics: 4, routes: 4),
        Expectation(file: "kkuichi-ms051uh-synthetic-sk_SK-head300k.xml", records: 1375),
    ]

    @Test(
        "Every corpus export reads without error and matches the published counts",
        .enabled(if: available, "../shared/corpus is not beside this clone"), arguments: expectations)
    func corpusFile(expected: Expectation) throws {
        let reader = try ExportReader(path: Self.corpus + "/" + expected.file)
        var records: [HealthRecord] = []
        let report = try reader.read { records.append($0) }
        let counts = ElementCounts(records)
        #expect(counts.record + counts.nestedRecord + report.invalidCount == expected.records, "\(counts)")
        #expect(counts.correlation == expected.correlations)
        #expect(counts.workout == expected.workouts)
        #expect(counts.activitySummary == expected.activitySummaries)
        if let events = expected.workoutEvents { #expect(counts.workoutEvent == events) }
        if let statistics = expected.workoutStatistics { #expect(counts.workoutStatistics == statistics) }
        if let activities = expected.workoutActivities { #expect(counts.workoutActivity == activities) }
        if let routes = expected.routes { #expect(counts.workoutRoute == routes) }
        if let locations = expected.locations { #expect(counts.location == locations) }
        if let beats = expected.beats { #expect(counts.beats == beats) }
    }

    @Test(
        "The iOS 16 export with the broken DTD reads, and gives its version",
        .enabled(if: available, "../shared/corpus is not beside this clone"))
    func brokenDTD() throws {
        let reader = try ExportReader(path: Self.corpus + "/reconstructed/ios16.0-v12-broken-dtd_reconstructed.xml")
        var records: [HealthRecord] = []
        _ = try reader.read { records.append($0) }
        #expect(records.first?.facts?.version == 12)
        #expect(records.count > 1)
    }

    @Test(
        "Clinical documents (export_cda.xml) are refused as not an export",
        .enabled(if: available, "../shared/corpus is not beside this clone"),
        arguments: ["hacktj23-export_cda.xml", "rgosdin-docs-ios12.3-2019_export_cda.xml"])
    func clinicalDocuments(file: String) throws {
        let reader = try ExportReader(path: Self.corpus + "/" + file)
        let error = try #require(throws: ExportError.self) { try reader.read { _ in } }
        #expect(error.code == .notAnExport)
    }

    @Test(
        "Excerpts with a decimal-comma HRV list and a workout with zones read",
        .enabled(if: available, "../shared/corpus is not beside this clone"))
    func excerpts() throws {
        var records: [HealthRecord] = []
        let hrv = try ExportReader(path: Self.corpus + "/excerpts/healthsync-hrv-activitysummary-en_PT-excerpt.xml")
        _ = try hrv.read { records.append($0) }
        let beats = records.compactMap(\.quantity).flatMap(\.beats)
        #expect(beats.count == 3)
        #expect(beats.allSatisfy { $0.millisecondsSince1970 != nil })
        records = []
        let zones = try ExportReader(path: Self.corpus + "/excerpts/healthsync-workout-zones-excerpt.xml")
        let report = try zones.read { records.append($0) }
        #expect(records.compactMap(\.workout).count == 1)
        #expect(
            records.compactMap(\.quantity).map(\.header.type) == ["HKQuantityTypeIdentifierEstimatedWorkoutEffortScore"]
        )
        #expect(report.unknownElements["WorkoutZoneGroup"] == nil)
        #expect(records.compactMap(\.workout).first?.zoneGroups.first?.zones.count == 3)
    }
}
