import Foundation
import HealthExport
import HealthFixtures
import Testing

/// Walks every export in `SampleExports/` and checks the reader against `manifest.json`,
/// whose counts `SampleExports/count.py` took by scanning the bytes.
@Suite struct SampleExportConformanceTests {
    struct Manifest: Decodable {
        struct File: Decodable {
            var path: String
            var version: Int?
            var locale: String
            var exportDateUTC: String
            var elements: [String: Int]
            var recordsByType: [String: Int]
        }

        var files: [File]
    }

    static let manifest: Manifest = {
        let path = repositoryRoot + "/SampleExports/manifest.json"
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return (try? JSONDecoder().decode(Manifest.self, from: data)) ?? Manifest(files: [])
    }()

    @Test("The manifest lists the six era samples")
    func manifestIsThere() {
        #expect(Self.manifest.files.count >= 6)
    }

    @Test("Each sample export reads completely, with the manifest's counts", arguments: manifest.files.map(\.path))
    func sample(path: String) throws {
        let file = try #require(Self.manifest.files.first { $0.path == path })
        let reader = try ExportReader(path: repositoryRoot + "/SampleExports/" + path)
        var records: [HealthRecord] = []
        let report = try reader.read { records.append($0) }
        let facts = try #require(records.first?.facts)
        #expect(facts.version == file.version)
        #expect(facts.locale == file.locale)
        #expect(facts.exportDate.map { Self.utc($0) } == file.exportDateUTC)
        #expect(report.invalidCount == 0, "\(report.invalidExamples)")
        let counts = ElementCounts(records)
        let elements = file.elements
        #expect(counts.record == elements["Record"])
        #expect(counts.nestedRecord == elements["NestedRecord"])
        #expect(counts.correlation == elements["Correlation"])
        #expect(counts.workout == elements["Workout"])
        #expect(counts.workoutActivity == elements["WorkoutActivity"])
        #expect(counts.workoutEvent == elements["WorkoutEvent"])
        #expect(counts.workoutStatistics == elements["WorkoutStatistics"])
        #expect(counts.workoutRoute == elements["WorkoutRoute"])
        #expect(counts.location == elements["Location"])
        #expect(counts.fileReference == elements["FileReference"])
        #expect(counts.activitySummary == elements["ActivitySummary"])
        #expect(counts.clinicalRecord == elements["ClinicalRecord"])
        #expect(counts.audiogram == elements["Audiogram"])
        #expect(counts.visionPrescription == elements["VisionPrescription"])
        #expect(counts.beats == elements["InstantaneousBeatsPerMinute"])
        #expect(counts.recordsByType == file.recordsByType)
    }

    static func utc(_ timestamp: ExportTimestamp) -> String {
        let utc = ExportTimestamp(secondsSince1970: timestamp.secondsSince1970, offsetMinutes: 0).iso8601
        return String(utc.dropLast(6)) + "Z"
    }
}
