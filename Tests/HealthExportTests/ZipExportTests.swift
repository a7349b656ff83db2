import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct ZipExportTests {
    static let zips = ["export.zip", "exportar.zip", "export-zh.zip", "export-zip64.zip"]

    /// The records of the bare sample XML, read the plain way.
    static func bareRecords() throws -> [HealthRecord] {
        try ZipFixtures.records(try ExportReader(path: ZipFixtures.bareXML).read).0
    }

    static func isSidecar(_ record: HealthRecord) -> Bool {
        switch record {
        case .route(let track): track.filePath != nil
        case .electrocardiogram: true
        default: false
        }
    }

    @Test("Each sample zip gives the bare XML's records plus its routes and ECG", arguments: zips)
    func sameRecordsAsBareXML(zip: String) throws {
        let package = try ExportPackage.open(ZipFixtures.zipFolder + "/" + zip)
        let (records, report) = try ZipFixtures.records(package.read)
        #expect(records.filter { !Self.isSidecar($0) } == (try Self.bareRecords()))
        #expect(report.warnings.isEmpty)
        let routes = records.compactMap { record -> RouteTrack? in
            if case .route(let track) = record { track } else { nil }
        }
        #expect(
            routes.map(\.filePath) == [
                "workout-routes/route_2025-10-11_7.27am.gpx", "/workout-routes/route_2025-11-15_5.12pm.gpx",
            ])
        #expect(routes.map(\.points.count) == [48, 36])
        #expect(routes[1].workoutActivityType == "HKWorkoutActivityTypeRunning")
        #expect(routes[1].sourceName == "Daniel’s Apple Watch")
        #expect(routes[1].startDate == TimestampParser.parse("2025-11-15 17:12:40 -0600"))
        #expect(routes[1].workoutStart == TimestampParser.parse("2025-11-15 17:12:40 -0600"))
        guard case .electrocardiogram(let ecg) = records.last else {
            Issue.record("the last record is not the ECG")
            return
        }
        #expect(ecg.filePath == "electrocardiograms/ecg_2025-11-02.csv")
        #expect(ecg.samples.count == 640)
        #expect(ecg.sampleRateHertz == 512)
        #expect(ecg.device == "Watch7,5")
    }

    @Test("Each route comes right after its workout")
    func routesFollowWorkouts() throws {
        let (records, _) = try ZipFixtures.records(try ExportPackage.open(ZipFixtures.exportZip).read)
        for (index, record) in records.enumerated() {
            guard case .route(let track) = record, track.filePath != nil else { continue }
            guard case .workout(let workout) = records[index - 1] else {
                Issue.record("route \(track.filePath!) does not follow a workout")
                continue
            }
            #expect(workout.header.startDate == track.workoutStart)
            #expect(workout.routes.flatMap(\.filePaths).contains(track.filePath!))
        }
    }

    @Test("Progress counts the uncompressed XML")
    func progressCountsUncompressedBytes() throws {
        let reader = try ExportPackage.open(ZipFixtures.exportZip).makeReader()
        #expect(reader.expectedByteCount == 61_421)
        let report = try reader.read { _ in }
        #expect(reader.bytesRead == 61_421)
        #expect(report.bytesRead == 61_421)
        #expect(reader.displayName == ZipFixtures.exportZip + ":apple_health_export/export.xml")
    }

    @Test("The plan selects routes and ECGs like any record, counting what it leaves out")
    func planAppliesToSidecars() throws {
        let reader = try ExportPackage.open(ZipFixtures.exportZip).makeReader()
        let bound = try #require(TimestampParser.parse("2025-11-01 00:00:00 -0600"))
        reader.plan = { kind, _ in kind == .route ? .startingAt(bound) : .skip }
        let (records, report) = try ZipFixtures.records(reader.read)
        #expect(records.map(\.kind) == [.export, .route])
        #expect(report.outsideWindow[RouteTrack.typeIdentifier] == 1)
        #expect(report.notSelected > 3)

        let workoutsOnly = try ExportPackage.open(ZipFixtures.exportZip).makeReader()
        workoutsOnly.plan = { kind, _ in kind == .workout ? .all : .skip }
        let (workouts, _) = try ZipFixtures.records(workoutsOnly.read)
        #expect(workouts.dropFirst().count == 4 && workouts.dropFirst().allSatisfy { $0.kind == .workout })
    }

    @Test("A bare XML on disk finds sidecars beside it, and warns with the path of each missing route")
    func bareXMLWarnsAboutMissingRoutes() throws {
        let (records, report) = try ZipFixtures.records(try ExportPackage.open(ZipFixtures.bareXML).read)
        #expect(records == (try Self.bareRecords()))
        #expect(report.warnings.count == 2)
        #expect(report.warnings[0].contains("workout-routes/route_2025-10-11_7.27am.gpx not found"))
        #expect(report.warnings[0].hasPrefix(ZipFixtures.bareXML + ": warning: "))
    }

    @Test("The unzipped folder, and the folder above it, read like the zip")
    func foldersReadLikeTheZip() throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ZipArchive(path: ZipFixtures.zipFolder + "/exportar.zip")
        for entry in archive.entries where !entry.isDirectory {
            try ZipFixtures.write(try ZipFixtures.drain(try archive.source(for: entry)), to: folder + "/" + entry.name)
        }
        let zipped = try ZipFixtures.records(try ExportPackage.open(ZipFixtures.exportZip).read).0
        for path in [folder, folder + "/apple_health_export", folder + "/apple_health_export/"] {
            let package = try ExportPackage.open(path)
            #expect(package.exportName.hasSuffix("apple_health_export/exportar.xml"))
            let (records, report) = try ZipFixtures.records(package.read)
            #expect(records == zipped)
            #expect(report.warnings.isEmpty)
        }
    }

    @Test("A zip on a one-pass stream (standard input) is spooled and read; XML streams straight through")
    func readsStreams() throws {
        let zipped = try ZipFixtures.records(try ExportPackage.open(ZipFixtures.exportZip).read).0
        let fromStream = try ExportPackage.open(stream: try FileByteSource(path: ZipFixtures.exportZip))
        #expect(try ZipFixtures.records(fromStream.read).0 == zipped)

        let xml = try ExportPackage.open(stream: try FileByteSource(path: ZipFixtures.bareXML))
        #expect(!xml.hasSidecars)
        let (records, report) = try ZipFixtures.records(xml.read)
        #expect(records == (try Self.bareRecords()))
        #expect(report.warnings.count == 1)
        #expect(report.warnings[0].contains("2 route files not read"))
    }
}
