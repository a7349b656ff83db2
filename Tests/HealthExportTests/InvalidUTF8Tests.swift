import HealthFixtures
import Testing

@testable import HealthExport

/// Bytes that are not UTF-8 are replaced before libxml2 or the overview scanner sees them, so
/// that every command reads the same text, at the same lines and columns.
@Suite struct InvalidUTF8Tests {
    static func repaired(_ bytes: [UInt8], chunk: Int) throws -> ([UInt8], ExportRepair) {
        let repair = ExportRepair(MemorySource(bytes: bytes, chunk: chunk))
        return (try repair.readAll(bufferSize: 64), repair)
    }

    static let prolog = Array("<!DOCTYPE HealthData [\n]>\n<HealthData locale=\"de_DE\">\n".utf8)

    @Test(
        "Each invalid byte becomes '?', valid characters of every length stay, at any chunk boundary",
        arguments: [1, 2, 3, 7, 64])
    func replacesBytes(chunk: Int) throws {
        let value: [UInt8] =
            Array("Müller 😀 €".utf8) + [0xFF, 0x31] + [0xE2, 0x82] + Array("x".utf8)
            + [0xC0, 0xAF] + [0xED, 0xA0, 0x80] + [0xF0, 0x9F, 0x98] + Array("ö".utf8)
        let line = Array("<Record sourceName=\"".utf8) + value + Array("\"/>\n</HealthData>\n".utf8)
        let (out, repair) = try Self.repaired(Self.prolog + line, chunk: chunk)
        #expect(out.count == Self.prolog.count + line.count)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("sourceName=\"Müller 😀 €?1??x????????ö\""))
        #expect(repair.replacedInvalidUTF8Bytes == 11)
        #expect(String(validating: out, as: UTF8.self) != nil)
    }

    @Test("A file that ends in the middle of a character has its last bytes replaced")
    func cutAtTheEnd() throws {
        let bytes = Self.prolog + Array("</HealthData>".utf8) + [0xE2, 0x82]
        let (out, repair) = try Self.repaired(bytes, chunk: 5)
        #expect(out.suffix(2) == [0x3F, 0x3F])
        #expect(repair.replacedInvalidUTF8Bytes == 2)
    }

    @Test("An export that declares another encoding keeps its bytes for libxml2 to decode")
    func otherEncoding() throws {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n".utf8) + Self.prolog
            + Array("<Record sourceName=\"M".utf8) + [0xFC] + Array("ller\"/>\n</HealthData>\n".utf8)
        let (out, repair) = try Self.repaired(bytes, chunk: 64)
        #expect(out == bytes)
        #expect(repair.replacedInvalidUTF8Bytes == 0)
    }

    static let xml: [UInt8] = {
        var bytes = Array(
            export(
                """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Caf@ Watch" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="120"/>
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-05-30 09:00:00 +0200" endDate="2024-05-30 09:10:00 +0200" value="80"/>
                """
            ).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "@"))!
        bytes[at] = 0xFF
        return bytes
    }()

    @Test("The full read and the overview read the same repaired record")
    func fullReadAndOverviewAgree() throws {
        let full = ExportReader(source: MemorySource(bytes: Self.xml))
        var records: [HealthRecord] = []
        let report = try full.read { records.append($0) }
        #expect(report.replacedInvalidUTF8Bytes == 1)
        #expect(records.compactMap(\.quantity).map(\.header.sourceName) == ["Caf? Watch", "iPhone"])

        let overview = ExportReader(source: MemorySource(bytes: Self.xml))
        let (overviewReport, samples) = try overview.readOverview(onChunk: {}, { _ in })
        #expect(overviewReport.replacedInvalidUTF8Bytes == 1)
        #expect(samples.sources == ["Caf? Watch": 1, "iPhone": 1])
    }

    @Test("libxml2's two-line messages become one line")
    func oneLineMessages() {
        let message = "Input is not proper UTF-8, indicate encoding !\nBytes: 0xFF 0x31 0x22 0x2F\n"
        #expect(
            ParseState.oneLine(message) == "Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0x31 0x22 0x2F")
    }
}
