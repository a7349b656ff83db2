import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Paths and helpers shared by the zip, GPX, ECG and locator tests.
enum ZipFixtures {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let zipFolder = root + "/SampleExports/zip"
    static let exportZip = zipFolder + "/export.zip"
    static let bareXML = root + "/SampleExports/v14-2025/export.xml"
    static let corpus = root + "/../shared/corpus"
    /// Whether the third-party corpus sits beside this clone (a user's clone has none).
    static let corpusAvailable = FileManager.default.fileExists(atPath: corpus + "/SOURCES.md")

    /// Every record `read` yields, with the report.
    static func records(_ read: (@escaping (HealthRecord) throws -> Void) throws -> ReadReport) throws -> (
        [HealthRecord], ReadReport
    ) {
        let box = RecordBox()
        let report = try read { box.records.append($0) }
        return (box.records, report)
    }

    /// All bytes of `source`.
    static func drain(_ source: ByteSource, chunk: Int = 4096) throws -> [UInt8] {
        try source.readAll(bufferSize: chunk)
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "healthimport-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func bytes(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

final class RecordBox {
    var records: [HealthRecord] = []
}

/// Builds small zip archives byte by byte, stored (method 0) only, for the bad-input tests.
struct ZipBuilder {
    struct Member {
        var name: String
        var data: [UInt8]
        var flags: UInt16 = 0
    }

    var members: [Member] = []

    mutating func add(_ name: String, _ data: [UInt8], flags: UInt16 = 0) {
        members.append(Member(name: name, data: data, flags: flags))
    }

    func build() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for member in members {
            let name = Array(member.name.utf8)
            let crc = CRC32.checksum(member.data)
            let offset = UInt32(out.count)
            out += le32(0x0403_4B50) + le16(20) + le16(member.flags) + le16(0) + le16(0) + le16(0x5B72)
            out += le32(crc) + le32(UInt32(member.data.count)) + le32(UInt32(member.data.count))
            out += le16(UInt16(name.count)) + le16(0) + name + member.data
            central += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(member.flags) + le16(0) + le16(0)
            central += le16(0x5B72) + le32(crc) + le32(UInt32(member.data.count)) + le32(UInt32(member.data.count))
            central += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        out += le32(UInt32(central.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }

    /// The offset of `name`'s central-directory record in `zip`.
    static func centralRecord(of name: String, in zip: [UInt8]) -> Int? {
        let nameBytes = Array(name.utf8)
        var index = 0
        while index + 46 + nameBytes.count <= zip.count {
            if zip[index] == 0x50, zip[index + 1] == 0x4B, zip[index + 2] == 1, zip[index + 3] == 2,
                Int(zip[index + 28]) | Int(zip[index + 29]) << 8 == nameBytes.count,
                Array(zip[(index + 46)..<(index + 46 + nameBytes.count)]) == nameBytes
            {
                return index
            }
            index += 1
        }
        return nil
    }

    static func patch32(_ zip: inout [UInt8], at offset: Int, _ value: UInt32) {
        for i in 0..<4 { zip[offset + i] = UInt8((value >> (8 * UInt32(i))) & 0xFF) }
    }
}

@Suite struct ZipArchiveTests {
    @Test("The central directory lists every member with its method, sizes and flags")
    func listsEntries() throws {
        let archive = try ZipArchive(path: ZipFixtures.exportZip)
        let names = archive.entries.map(\.name)
        #expect(names.contains("apple_health_export/export.xml"))
        #expect(names.contains("apple_health_export/export_cda.xml"))
        #expect(names.contains("apple_health_export/workout-routes/route_2025-11-15_5.12pm.gpx"))
        let xml = try #require(archive.entry(named: "apple_health_export/export.xml"))
        #expect(xml.method == 8)
        #expect(xml.uncompressedSize == 61_421)
        #expect(xml.compressedSize < xml.uncompressedSize)
        #expect(!xml.isEncrypted && !xml.hasDataDescriptor)
        let ecg = try #require(archive.entry(named: "apple_health_export/electrocardiograms/ecg_2025-11-02.csv"))
        #expect(ecg.method == 0)
        #expect(ecg.compressedSize == ecg.uncompressedSize)
        #expect(archive.entries.filter(\.isDirectory).count == 3)
    }

    @Test("A deflated member inflates to exactly the original bytes, whatever the read size")
    func inflatesDeflatedMember() throws {
        let archive = try ZipArchive(path: ZipFixtures.exportZip)
        let original = try ZipFixtures.bytes(of: ZipFixtures.bareXML)
        for chunk in [1, 7, 4096, 1 << 20] {
            let source = try archive.source(for: try #require(archive.entry(named: "apple_health_export/export.xml")))
            #expect(source.expectedByteCount == Int64(original.count))
            #expect(try ZipFixtures.drain(source, chunk: chunk) == original)
            #expect(try source.read(into: UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 8)) == 0)
        }
    }

    @Test("A stored member reads as is")
    func readsStoredMember() throws {
        let archive = try ZipArchive(path: ZipFixtures.exportZip)
        let entry = try #require(archive.entry(named: "apple_health_export/electrocardiograms/ecg_2025-11-02.csv"))
        let bytes = try ZipFixtures.drain(try archive.source(for: entry))
        #expect(bytes.count == Int(entry.uncompressedSize))
        #expect(String(decoding: bytes.prefix(20), as: UTF8.self) == "Name,Daniel Example\n")
    }

    @Test("Zip64 end records, zip64 extra fields and data descriptors are read")
    func readsZip64() throws {
        let archive = try ZipArchive(path: ZipFixtures.zipFolder + "/export-zip64.zip")
        #expect(archive.entries.count == 5)
        let xml = try #require(archive.entries.first)
        #expect(xml.hasDataDescriptor)
        #expect(xml.uncompressedSize == 61_421)
        let original = try ZipFixtures.bytes(of: ZipFixtures.bareXML)
        #expect(try ZipFixtures.drain(try archive.source(for: xml)) == original)
        let last = try #require(archive.entries.last)
        #expect(last.localHeaderOffset > 0)
        #expect(try ZipFixtures.drain(try archive.source(for: last)).count == Int(last.uncompressedSize))
    }

    @Test("Member names resolve from UTF-8 (flag bit 11) and from CP437")
    func decodesNames() throws {
        let chinese = try ZipArchive(path: ZipFixtures.zipFolder + "/export-zh.zip")
        let utf8 = try #require(chinese.entries.first { $0.name.hasSuffix(".xml") })
        #expect(utf8.name == "apple_health_export/导出.xml")
        #expect(utf8.hasUTF8Name)
        let legacy = try ZipArchive(path: ZipFixtures.zipFolder + "/export-zip64.zip")
        #expect(legacy.entries[0].name == "apple_health_export/Exportación.xml")
        #expect(!legacy.entries[0].hasUTF8Name)
        #expect(CodePage437.decode([0x41, 0x82, 0xA2, 0xE1]) == "Aéóß")
    }
}
