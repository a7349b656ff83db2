import Foundation
import HealthExport
import HealthFixtures
import Testing

@testable import HealthRedact

/// A redaction asked to stop (Ctrl-C in `healthimport redact`) ends at the next check and
/// leaves no file behind, whether it was in the export's XML, a route or an ECG.
@Suite struct RedactStopTests {
    static let sample = TestPython.packageRoot + "/SampleExports/zip/export.zip"

    struct Stop: Error {}

    static func redactor() -> ExportRedactor {
        ExportRedactor(options: RedactOptions(shift: DateShift(days: -7), hash: KeyedHash(key: [7])))
    }

    @Test("a stop at any check ends the copy with the stop's error and leaves neither the file nor its partial")
    func stopAnywhere() throws {
        let folder = NSTemporaryDirectory() + "redact-stop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var checks = 0
        let report = try Self.redactor().redact(ExportPackage.open(Self.sample), to: folder + "/whole.zip") {
            checks += 1
        }
        // The XML's reads, then each route's reads and each ECG: more than one check per file.
        #expect(report.routeFiles == 2 && report.electrocardiograms == 1)
        #expect(checks >= 6, "\(checks) checks")
        try FileManager.default.removeItem(atPath: folder + "/whole.zip")
        for stopAt in 1...checks {
            var calls = 0
            #expect(throws: Stop.self, "stopped at check \(stopAt)") {
                _ = try Self.redactor().redact(ExportPackage.open(Self.sample), to: folder + "/stopped.zip") {
                    calls += 1
                    if calls == stopAt { throw Stop() }
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "stopped at check \(stopAt)")
        }
    }
}
