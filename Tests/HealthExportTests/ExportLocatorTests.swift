import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct ExportLocatorTests {
    static let samples: [String] = {
        let folder = ZipFixtures.root + "/SampleExports"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/export.xml") }.sorted()
            .map { folder + "/" + $0 + "/export.xml" }
    }()

    static let corpusFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ZipFixtures.corpus)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { ZipFixtures.corpus + "/" + $0 }
    }()

    static func classify(_ text: String) -> ExportLocator.Kind {
        ExportLocator.classify(Array(text.utf8))
    }

    @Test("Every sample export is recognised by its first KB", arguments: samples)
    func recognisesSamples(path: String) throws {
        #expect(ExportLocator.isHealthExport(try ZipFixtures.bytes(of: path).prefix(1024)))
    }

    @Test("Public files: exports are recognised, clinical documents never", arguments: corpusFiles)
    func recognisesCorpus(path: String) throws {
        let prefix = try ZipFixtures.bytes(of: path).prefix(1024)
        let isClinical = String(decoding: prefix, as: UTF8.self).contains("<ClinicalDocument")
        let kind = ExportLocator.classify(prefix)
        if isClinical {
            #expect(kind == .otherXML("ClinicalDocument"))
        } else if String(decoding: try ZipFixtures.bytes(of: path), as: UTF8.self).contains("<HealthData") {
            #expect(kind == .healthExport)
        }
    }

    @Test("Prologs, DOCTYPEs, comments and byte order marks are looked past")
    func prologs() {
        #expect(Self.classify("<HealthData locale=\"en_US\">") == .healthExport)
        #expect(
            Self.classify("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE HealthData [\n<!ELEMENT")
                == .healthExport)
        #expect(
            Self.classify("<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\">")
                == .otherXML("ClinicalDocument"))
        #expect(Self.classify("<?xml version=\"1.0\"?><gpx version=\"1.1\">") == .otherXML("gpx"))
        #expect(Self.classify("<!--" + String(repeating: "x", count: 2000)) == .otherXML(nil))
        #expect(ExportLocator.classify([0x50, 0x4B, 3, 4, 20, 0]) == .zip)
        #expect(ExportLocator.classify([0x50, 0x4B, 5, 6]) == .zip)
        #expect(Self.classify("hello") == .unknown)
        #expect(Self.classify("") == .unknown)
    }

    @Test(
        "A folder's export is found by content under any localized name",
        arguments: [
            "export.xml", "Export.xml", "Exportieren.xml", "exportar.xml", "eksport.xml", "vienti.xml", "导出.xml",
        ])
    func findsLocalizedNames(name: String) throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cda = Array("<?xml version=\"1.0\"?>\n<ClinicalDocument/>\n<junk/>".utf8)
        try ZipFixtures.write(cda, to: folder + "/apple_health_export/export_cda.xml")
        try ZipFixtures.write(cda, to: folder + "/apple_health_export/a.xml")
        try ZipFixtures.write(
            try ZipFixtures.bytes(of: ZipFixtures.bareXML), to: folder + "/apple_health_export/" + name)
        for path in [folder, folder + "/apple_health_export"] {
            let package = try ExportPackage.open(path)
            #expect(package.exportName == folder + "/apple_health_export/" + name)
        }
    }

    @Test("In a zip, the member under apple_health_export/ wins and export_cda.xml is never taken")
    func prefersExportFolderInZip() throws {
        var zip = ZipBuilder()
        let xml = try ZipFixtures.bytes(of: ZipFixtures.bareXML)
        zip.add("apple_health_export/export_cda.xml", Array("<?xml version=\"1.0\"?>\n<ClinicalDocument/>".utf8))
        zip.add("backup/old/export.xml", xml)
        zip.add("__MACOSX/apple_health_export/._vienti.xml", [0, 5, 22, 7, 0, 2])
        zip.add("apple_health_export/vienti.xml", xml)
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixtures.write(zip.build(), to: folder + "/vienti.zip")
        let package = try ExportPackage.open(folder + "/vienti.zip")
        #expect(package.exportName == folder + "/vienti.zip:apple_health_export/vienti.xml")
    }
}
