import Foundation
import HealthExport
import HealthFixtures
import Testing

@testable import HealthRedact

@Suite struct ZipWriterTests {
    static let sample = TestPython.packageRoot + "/SampleExports/zip/export.zip"

    private func recordCount(_ path: String) throws -> Int {
        var count = 0
        _ = try ExportPackage.open(path).read { _ in count += 1 }
        return count
    }

    @Test("a redaction written in zip64 form reads back whole with the package's own zip reader")
    func zip64ReadsBack() throws {
        let path = NSTemporaryDirectory() + "redact-zip64-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var redactor = ExportRedactor(options: RedactOptions(shift: DateShift(days: -7), hash: KeyedHash(key: [7])))
        redactor.zip64Threshold = 0
        let report = try redactor.redact(ExportPackage.open(Self.sample), to: path)
        #expect(report.routeFiles == 2 && report.electrocardiograms == 1)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil, "a zip64 end record")
        #expect(try recordCount(path) == recordCount(Self.sample))
    }

    @Test(
        "both forms, plain and zip64, pass Python's zipfile test of every member's CRC",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)),
        arguments: [0, 0xFFFF_FFFF] as [UInt64])
    func pythonReadsBoth(_ threshold: UInt64) throws {
        let path = NSTemporaryDirectory() + "redact-zip-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var redactor = ExportRedactor(options: RedactOptions(shift: DateShift(days: -7), hash: KeyedHash(key: [7])))
        redactor.zip64Threshold = threshold
        _ = try redactor.redact(ExportPackage.open(Self.sample), to: path)
        let output = try TestPython.run(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                print(len(z.namelist()), sum(i.file_size for i in z.infolist()))
            """, [path])
        #expect(output.hasPrefix("4 "))
    }
}
