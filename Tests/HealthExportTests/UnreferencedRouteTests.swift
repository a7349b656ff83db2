import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Route files that no workout references are not read, and one note says so.
@Suite struct UnreferencedRouteTests {
    static let gpx = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export"><trk><trkseg>
        <trkpt lon="-97.7" lat="30.2"><ele>150</ele><time>2025-10-11T12:27:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """.utf8)

    static let xml = Array(
        export(
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30" durationUnit="min" sourceName="Watch" startDate="2025-10-11 07:27:00 -0500" endDate="2025-10-11 07:57:00 -0500">
              <WorkoutRoute sourceName="Watch" startDate="2025-10-11 07:27:00 -0500" endDate="2025-10-11 07:57:00 -0500">
               <FileReference path="/workout-routes/route_2025-10-11_7.27am.gpx"/>
              </WorkoutRoute>
             </Workout>
            """
        ).utf8)

    static func read(extraRoutes: [String]) throws -> (records: [HealthRecord], report: ReadReport, path: String) {
        var zip = ZipBuilder()
        zip.add("apple_health_export/export.xml", Self.xml)
        zip.add("apple_health_export/workout-routes/route_2025-10-11_7.27am.gpx", Self.gpx)
        for name in extraRoutes { zip.add("apple_health_export/workout-routes/" + name, Self.gpx) }
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/export.zip"
        try ZipFixtures.write(zip.build(), to: path)
        let (records, report) = try ZipFixtures.records(try ExportPackage.open(path).read)
        return (records, report, path)
    }

    @Test("Two route files no workout names get one note naming how many and the first")
    func unreferencedFiles() throws {
        let (records, report, path) = try Self.read(extraRoutes: [
            "route_2025-10-12_8.00am.gpx", "route_2025-10-13_9.00am.gpx",
        ])
        #expect(records.filter { $0.kind == .route }.count == 1)
        #expect(
            report.warnings == [
                "\(path): note: 2 route files in workout-routes/ are referenced by no workout and not read "
                    + "(workout-routes/route_2025-10-12_8.00am.gpx, ...)"
            ])
    }

    @Test("Every route file referenced: no note")
    func allReferenced() throws {
        let (records, report, _) = try Self.read(extraRoutes: [])
        #expect(records.filter { $0.kind == .route }.count == 1)
        #expect(report.warnings.isEmpty)
    }
}
