import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Each kind of bad input ends in one `ExportError` that names the file.
@Suite struct ZipBadInputTests {
    /// Writes `bytes` to a temporary file and returns the error that opening and reading it throws.
    func failure(writing bytes: [UInt8], name: String = "bad.zip") throws -> ExportError? {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try ZipFixtures.write(bytes, to: path)
        return failure(opening: path)
    }

    func failure(opening path: String) -> ExportError? {
        do {
            _ = try ExportPackage.open(path).read { _ in }
            return nil
        } catch let error as ExportError {
            #expect(error.description.contains(path), "the message names the file: \(error)")
            return error
        } catch {
            Issue.record("not an ExportError: \(error)")
            return nil
        }
    }

    var exportZip: [UInt8] { get throws { try ZipFixtures.bytes(of: ZipFixtures.exportZip) } }

    @Test("A truncated zip", arguments: [0.25, 0.5, 0.99])
    func truncated(fraction: Double) throws {
        let bytes = try exportZip
        let error = try failure(writing: Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
        #expect(error?.code == .badArchive)
        #expect(error?.message.contains("truncated") == true)
    }

    @Test("A zip with no export in it")
    func noExport() throws {
        var zip = ZipBuilder()
        zip.add("apple_health_export/export_cda.xml", Array("<?xml version=\"1.0\"?>\n<ClinicalDocument/>\n".utf8))
        zip.add("notes.txt", Array("hello".utf8))
        let error = try failure(writing: zip.build())
        #expect(error?.code == .badArchive)
        #expect(error?.message.contains("holds no Apple Health export") == true)
    }

    @Test("An encrypted zip")
    func encrypted() throws {
        var zip = ZipBuilder()
        zip.add("apple_health_export/export.xml", try ZipFixtures.bytes(of: ZipFixtures.bareXML), flags: 0x0001)
        let error = try failure(writing: zip.build())
        #expect(error?.code == .badArchive)
        #expect(error?.message.contains("encrypted") == true)
    }

    @Test("Corrupt deflate data")
    func corruptDeflate() throws {
        var bytes = try exportZip
        let archive = try ZipArchive(path: ZipFixtures.exportZip)
        let entry = try #require(archive.entry(named: "apple_health_export/export.xml"))
        let header = Int(entry.localHeaderOffset)
        let data = header + 30 + Int(bytes[header + 26]) + Int(bytes[header + 27]) << 8 + Int(bytes[header + 28])
        bytes[data] = 0xFF  // final block of the reserved type 3
        let error = try failure(writing: bytes)
        #expect(error?.code == .badArchive)
        #expect(error?.message.contains("corrupt") == true)
        #expect(error?.path?.hasSuffix(":apple_health_export/export.xml") == true)
    }

    @Test("Data that does not match its CRC-32")
    func crcMismatch() throws {
        var bytes = try exportZip
        let record = try #require(ZipBuilder.centralRecord(of: "apple_health_export/export.xml", in: bytes))
        ZipBuilder.patch32(&bytes, at: record + 16, 0xDEAD_BEEF)
        let error = try failure(writing: bytes)
        #expect(error?.code == .badArchive)
        #expect(error?.message.contains("CRC-32") == true)
    }

    @Test("A member that inflates beyond its declared size stops there (zip bomb guard)")
    func inflatesBeyondDeclaredSize() throws {
        var bytes = try exportZip
        let record = try #require(ZipBuilder.centralRecord(of: "apple_health_export/export.xml", in: bytes))
        ZipBuilder.patch32(&bytes, at: record + 24, 4096)
        let error = try failure(writing: bytes)
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("beyond its declared size of 4096 bytes") == true)
    }

    @Test("A folder without an export")
    func folderWithoutExport() throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixtures.write(
            Array("<?xml version=\"1.0\"?>\n<ClinicalDocument/>\n".utf8),
            to: folder + "/apple_health_export/export_cda.xml")
        let error = failure(opening: folder)
        #expect(error?.code == .notAnExport)
        #expect(error?.message.contains("no Apple Health export in this folder") == true)
    }

    @Test("A file that is neither zip nor XML")
    func neitherZipNorXML() throws {
        let error = try failure(writing: [0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03], name: "export.gz")
        #expect(error?.code == .notAnExport)
        #expect(error?.message == "neither a zip archive nor an XML file")
    }

    @Test("export_cda.xml given directly is refused with a hint")
    func clinicalDocument() throws {
        let error = try failure(
            writing: Array("<?xml version=\"1.0\"?>\n<ClinicalDocument>".utf8), name: "export_cda.xml")
        #expect(error?.code == .notAnExport)
        #expect(error?.message.contains("export_cda.xml") == true)
    }

    @Test("A file that cannot be read")
    func unreadable() throws {
        let error = failure(opening: "/nonexistent/healthimport/export.zip")
        #expect(error?.code == .unreadable)
        #expect(error?.message.contains("No such file") == true)
    }

    @Test("A zip whose export is fine but whose route file is corrupt warns and goes on")
    func corruptSidecarWarns() throws {
        var zip = ZipBuilder()
        zip.add("apple_health_export/export.xml", try ZipFixtures.bytes(of: ZipFixtures.bareXML))
        zip.add("apple_health_export/workout-routes/route_2025-10-11_7.27am.gpx", Array("<gpx><trkpt".utf8))
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixtures.write(zip.build(), to: folder + "/export.zip")
        let (records, report) = try ZipFixtures.records(try ExportPackage.open(folder + "/export.zip").read)
        #expect(!records.contains { $0.kind == .route })
        #expect(report.warnings.count == 2)
        #expect(
            report.warnings.contains {
                $0.contains("route_2025-10-11_7.27am.gpx skipped") && $0.contains("not valid GPX")
            })
        #expect(report.warnings.contains { $0.contains("route_2025-11-15_5.12pm.gpx not found") })
    }
}
