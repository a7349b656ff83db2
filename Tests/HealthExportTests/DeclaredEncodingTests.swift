import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// An export that declares an encoding other than UTF-8 is read by libxml2, on one parser, and
/// bytes that encoding cannot decode fail the read where they lie, however the read is done.
@Suite struct DeclaredEncodingTests {
    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="NAME" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="VALUE"/>"#

    /// An export declaring `encoding`, with `count` records on each side of one whose source
    /// name is `name`'s bytes.
    static func export(encoding: String, count: Int, name: [UInt8]) -> [UInt8] {
        let utf8 = HealthFixtures.export("")
        let prolog = utf8.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(encoding)\"")
            .replacingOccurrences(of: "</HealthData>", with: "")
        func records(_ range: Range<Int>) -> String {
            range.map { " " + record.replacingOccurrences(of: "VALUE", with: "\($0)") + "\n" }.joined()
                .replacingOccurrences(of: "NAME", with: "Phone")
        }
        let middle = " " + record.replacingOccurrences(of: "VALUE", with: "1")
        let parts = middle.components(separatedBy: "NAME")
        return Array((prolog.trimmingCharacters(in: .newlines) + "\n" + records(0..<count)).utf8)
            + Array(parts[0].utf8) + name
            + Array((parts[1] + "\n" + records(count..<2 * count) + "</HealthData>\n").utf8)
    }

    @Test("Bytes US-ASCII cannot decode fail every read where they lie, with the records before them")
    func undecodableBytes() throws {
        let bytes = Self.export(encoding: "US-ASCII", count: 300, name: Array("M".utf8) + [0xFC] + Array("ller".utf8))
        let open = { ExportReader(source: MemorySource(bytes: bytes)) as any RecordSource }
        let result = try ScannedReadTests.expectScanReadsAsLibxml2(open)
        try expectTwoParsersReadAsOne(open)
        // The prolog's 9 lines and 300 records come before it; `M` is the 63rd character.
        #expect(
            result.failure
                == "test.xml:310:64: error: the export's bytes are not valid US-ASCII, the encoding it declares")
        #expect(result.records.count == 1 + 300)
    }

    @Test("An export in ISO-8859-1 reads its characters, on one parser however many are asked for")
    func otherEncoding() throws {
        let bytes = Self.export(encoding: "ISO-8859-1", count: 300, name: Array("M".utf8) + [0xFC] + Array("ller".utf8))
        let open = { ExportReader(source: MemorySource(bytes: bytes)) as any RecordSource }
        let result = try ScannedReadTests.expectScanReadsAsLibxml2(open)
        let (one, parallel) = try expectTwoParsersReadAsOne(open)
        #expect(result.failure == nil)
        #expect(one.records.compactMap(\.quantity).map(\.header.sourceName).filter { $0 != "Phone" } == ["Müller"])
        #expect(one.records.count == 1 + 601)
        #expect(parallel == 0)
    }

    @Test("An unknown encoding whose first record is malformed fails alike on one and two parsers (FuzzRead)")
    func unknownEncoding() throws {
        let input = try Data(
            contentsOf: URL(
                fileURLWithPath: repositoryRoot + "/Fuzz/Corpus/FuzzRead/finding-two-parsers-unknown-encoding"))
        // The fuzz target's first byte picks the chunk size.
        let chunk = 1 + Int(input[0]) * 97
        let open = {
            ExportReader(source: MemorySource(bytes: Array(input.dropFirst()), chunk: chunk)) as any RecordSource
        }
        let one = try read(open, parsers: 1, chunk: chunk).result
        for segment in [64, 256 << 10] {
            for scanning in [true, false] {
                let two = try read(open, parsers: 2, chunk: chunk, segment: segment, scanning: scanning).result
                #expect(two == one, "segments of \(segment), scanning: \(scanning)")
            }
        }
        #expect(one.failure == "test.xml:5:51: error: Specification mandates value for attribute so_")
    }
}
