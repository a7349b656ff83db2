import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// A record read that scans plain records itself (see `RecordScan`) must read exactly as
/// libxml2 alone: the same records in the same order, the same counts, facts, invalid examples
/// and warnings, and the same error at the same line and column.
@Suite struct ScannedReadTests {
    /// Reads in chunks of every size in `chunks` with libxml2 alone, then scanning on one parser
    /// and on two, and expects the same result; returns libxml2's at the default chunk size.
    @discardableResult
    static func expectScanReadsAsLibxml2(
        _ open: () throws -> any RecordSource, chunks: [Int] = [61, 509, 4099, ExportReader.chunkSize],
        stopAfter: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ReadResult {
        for chunk in chunks {
            let alone = try read(open, parsers: 1, chunk: chunk, stopAfter: stopAfter, scanning: false).result
            for parsers in [1, 2] {
                let scanned = try read(
                    open, parsers: parsers, chunk: chunk, segment: parsers == 2 ? 1 : 256 << 10, stopAfter: stopAfter,
                    scanning: true
                ).result
                guard scanned != alone else { continue }
                let first = zip(scanned.records, alone.records).enumerated().first { $0.element.0 != $0.element.1 }
                let firstText = first.map { String($0.offset) } ?? "none"
                let message =
                    "\(parsers) parser(s), chunks of \(chunk): scanning read \(scanned), libxml2 alone \(alone); "
                    + "first different record: \(firstText)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                if let first { #expect(first.element.0 == first.element.1, sourceLocation: sourceLocation) }
                #expect(scanned.failure == alone.failure, sourceLocation: sourceLocation)
                #expect(scanned.invalidExamples == alone.invalidExamples, sourceLocation: sourceLocation)
                #expect(scanned.warnings == alone.warnings, sourceLocation: sourceLocation)
                #expect(scanned.unknownElements == alone.unknownElements, sourceLocation: sourceLocation)
            }
        }
        return try read(open, parsers: 1, stopAfter: stopAfter, scanning: false).result
    }

    static func reader(_ xml: String) -> () throws -> any RecordSource {
        { ExportReader(source: MemorySource(xml, chunk: 1 << 16)) }
    }

    static func reader(bytes: [UInt8]) -> () throws -> any RecordSource {
        { ExportReader(source: MemorySource(bytes: bytes)) }
    }

    static let everyKind = TwoParserReadTests.everyKind

    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:10:00 +0200" value="12""#

    @Test("Every kind of element, twelve times, reads as with libxml2 alone")
    func everyKindRead() throws {
        let body = (0..<12).map { _ in Self.everyKind }.joined(separator: "\n")
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(export(body)))
        #expect(result.failure == nil)
        #expect(result.records.count > 120)
        #expect(result.invalidExamples.count == 10)
    }

    @Test(
        "Plain records with references, line breaks, other attributes, Unicode and odd spacing read as with libxml2",
        arguments: [
            " " + record + #" device="&lt;&lt;HKDevice: 0x1&gt;, name:Scale &amp; Co&gt;"/>"#,
            " " + record.replacingOccurrences(of: "Phone", with: "A&#10;B&#x9;C") + "/>",
            " " + record.replacingOccurrences(of: "Phone", with: "line\nbreak\ttab") + "/>",
            " " + record + #" sourceVersion="17.1" creationDate="2024-05-01 08:10:01 +0200"/>"#,
            " " + record + #" note="not one a record has"/>"#,
            " " + record + #" xml:lang="en"/>"#,
            " " + record.replacingOccurrences(of: "Phone", with: "Jürgen’s iPhone 📱") + "/>",
            " " + record.replacingOccurrences(of: " ", with: "\n   ") + "\n />",
            " " + record.replacingOccurrences(of: "=", with: " = ") + "/>",
            " " + record.replacingOccurrences(of: "\"", with: "'") + "/>",
            " " + record.replacingOccurrences(of: "2024-05-01 08:10:00 +0200", with: "yesterday") + "/>",
            " " + record.replacingOccurrences(of: "value=\"12\"", with: "value=\"\"") + "/>",
            " <Record/>",
            " " + record + "></Record>",
        ])
    func plainRecords(line: String) throws {
        let body = [Self.everyKind, line, line, Self.everyKind].joined(separator: "\n")
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(export(body)))
        #expect(result.failure == nil, "\(line)")
    }

    @Test(
        "Malformed records fail at the same line and column, after the same records",
        arguments: [
            " " + record + #" startDate="2024-05-01 08:00:00 +0200"/>"#,
            " " + record + #" 1x="a"/>"#,
            " " + record + #" a@b="a"/>"#,
            " " + record + #" checked/>"#,
            " <-Record type=\"T\"/>",
            " " + record + #" x:y="1"/>"#,
            " " + record + #" note="&#1;"/>"#,
            " " + record + #" note="&nope;"/>"#,
            " " + record + #" note="a<b"/>"#,
            " " + record + #"value="1"/>"#,
            " " + record + "/ >",
            " " + record + ">",
            " " + record + "/>text",
            " " + record + "/><![CDATA[x]]>",
            " <?xml version=\"1.0\"?>",
            " " + record + #"><MetadataEntry key="a" key="b"/></Record>"#,
        ])
    func malformed(line: String) throws {
        let body = [Self.everyKind, Self.everyKind, line, Self.everyKind].joined(separator: "\n")
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(export(body)))
        // Text and CDATA are content libxml2 accepts in the root; the scan leaves them to it.
        if !line.hasSuffix("text"), !line.hasSuffix("]]>") { #expect(result.failure != nil, "\(line)") }
        #expect(result.records.count > 20, "\(line)")
    }

    @Test("Truncated exports, content after the root and late facts read as with libxml2 alone")
    func endings() throws {
        let body = (0..<3).map { _ in Self.everyKind }.joined(separator: "\n")
        let full = export(body)
        for cut in [100, 300, 1000, 2500] {
            try Self.expectScanReadsAsLibxml2(Self.reader(String(full.dropLast(cut))))
        }
        try Self.expectScanReadsAsLibxml2(Self.reader(full + "\n <Record type=\"late\"/>\n"))
        try Self.expectScanReadsAsLibxml2(Self.reader(TwoParserReadTests.brokenThenCut))
        let late = export(Self.everyKind + "\n <ExportDate value=\"2025-01-02 03:04:05 +0100\"/>\n" + Self.everyKind)
        try Self.expectScanReadsAsLibxml2(Self.reader(late))
    }

    @Test(
        "Invalid UTF-8 and non-characters in a plain record read as with libxml2 alone",
        arguments: [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xE2, 0x82]] as [[UInt8]]
    )
    func invalidText(bytes: [UInt8]) throws {
        let before = Array(export(Self.everyKind + "\n " + Self.record + #" device="a"#).utf8)
        let after = Array(("\"/>\n" + Self.everyKind + "\n</HealthData>\n").utf8)
        let xml = Array(before.dropLast("\n</HealthData>\n".count)) + bytes + after
        try Self.expectScanReadsAsLibxml2(Self.reader(bytes: xml))
    }

    @Test("A consumer that stops, and input that fails midway, end the read as with libxml2 alone")
    func stops() throws {
        let xml = export((0..<6).map { _ in Self.everyKind }.joined(separator: "\n"))
        let stopped = try Self.expectScanReadsAsLibxml2(Self.reader(xml), stopAfter: 40)
        #expect(stopped.records.count == 40)
        let failing = { ExportReader(source: FailingSource(xml, after: xml.utf8.count / 2)) }
        let failed = try Self.expectScanReadsAsLibxml2(failing)
        #expect(failed.failure?.contains("the disk went away") == true)
    }

    @Test(
        "Sample exports read as with libxml2 alone",
        arguments: ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025", "zip/export.zip"])
    func sampleExports(name: String) throws {
        let path = repositoryRoot + "/SampleExports/" + name
        let result = try Self.expectScanReadsAsLibxml2(
            { try ExportPackage.open(path).makeReader() }, chunks: [509, 4099])
        #expect(result.failure == nil)
    }

    @Test(
        "Corpus exports read as with libxml2 alone, errors included",
        .enabled(if: !TwoParserReadTests.corpusFiles.isEmpty, "../shared/corpus is not beside this clone"),
        arguments: TwoParserReadTests.corpusFiles)
    func corpusExport(path: String) throws {
        try Self.expectScanReadsAsLibxml2({ try ExportReader(path: path) }, chunks: [509, 4099])
    }

    @Test("The scan reads every top-level element but the facts itself")
    func scanReadsElements() throws {
        let plain = (0..<50).map { _ in " " + Self.record + "/>" }.joined(separator: "\n")
        var records: [HealthRecord] = []
        let state = ParseState(displayName: "scan.xml", plan: { _, _ in .all }, sink: { records.append($0) })
        let scan = try RecordScan(state: state, scanning: true)
        Array(export(plain + "\n" + Self.everyKind).utf8).withUnsafeBytes { scan.feed($0, textIsRepaired: true) }
        scan.finish()
        #expect(state.failure == nil)
        #expect(scan.scanning)
        // The 50 and the 14 top-level elements of `everyKind`.
        #expect(scan.elementsScanned == 50 + 14)
        #expect(records.count == 1 + 50 + 13)
    }

    @Test(
        "An element whose start tag spans lines, then an error inside it, fails where libxml2 alone fails (FuzzRead)",
        arguments: [" <Me HKCharacte=\"x\"", " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\""])
    func multiLineTag(start: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_DE">
             <ExportDate value="20151107171924+0100"/>
            \(start)
                   totalDistance="2.0"
                   sourceName="Synthetic &amp; Run Club"
                   startDate="2023-12-28 06:30:00 +0000">
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <?xml version="1.0" encoding="UTF-8"?>
             </Workout>
            </HealthData>
            """
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(xml))
        #expect(result.failure?.contains("XML declaration allowed only at the start") == true)
    }

    @Test("An element over 1 MiB, cut by many chunks, and one with thousands of names read as with libxml2 alone")
    func largeElements() throws {
        let location = #"  <Location date="2024-05-30 07:00:42 +0200" latitude="37.77" longitude="-122.41"/>"#
        let route =
            " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Watch\" "
            + "startDate=\"2024-05-30 07:00:00 +0200\" endDate=\"2024-05-30 07:30:00 +0200\">\n"
            + "  <WorkoutRoute sourceName=\"Watch\">\n"
            + (0..<15_000).map { _ in location }.joined(separator: "\n") + "\n  </WorkoutRoute>\n </Workout>"
        #expect(route.utf8.count > 1 << 20)
        let names = (0..<2_000).map { "  <Unknown\($0) a\($0)=\"1\"/>" }.joined(separator: "\n")
        let manyNames = " " + Self.record + ">\n" + names + "\n </Record>"
        let xml = export([Self.everyKind, route, Self.everyKind, manyNames, Self.everyKind].joined(separator: "\n"))
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(xml), chunks: [65536, ExportReader.chunkSize])
        #expect(result.failure == nil)
        #expect(result.unknownElements.count == 2_001)
    }

    @Test("An export with CRLF line ends reads as with libxml2 alone, shared between two parsers and two threads")
    func carriageReturns() throws {
        let xml = export((0..<12).map { _ in Self.everyKind }.joined(separator: "\n"))
            .replacingOccurrences(of: "\n", with: "\r\n")
        try Self.expectScanReadsAsLibxml2(Self.reader(xml))
        let (_, statistics) = try read(Self.reader(xml), parsers: 2, chunk: 509, segment: 1)
        #expect(statistics.parallel > 50)
        let reader = ExportReader(source: MemorySource(xml, chunk: 509))
        (reader.overviewThreads, reader.segmentBytes, reader.chunkBytes) = (2, 1, 509)
        _ = try reader.readOverview(onChunk: {}, { _ in })
        #expect(reader.segmentStatistics.parallel > 50)
    }

    @Test(
        "A broken prolog fails before any record, whichever way its bytes go to libxml2 (FuzzRead)",
        arguments: ["finding-broken-prolog", "finding-two-parsers-broken-prolog"])
    func brokenProlog(name: String) throws {
        // The fuzz input's first byte picks its chunk size.
        let input = try fileBytes(repositoryRoot + "/Fuzz/Corpus/FuzzRead/" + name)
        let chunk = 1 + Int(input[0]) * 97
        let open = { ExportReader(source: MemorySource(bytes: Array(input.dropFirst()), chunk: chunk)) }
        for (parsers, scanning) in [(1, false), (1, true), (2, false), (2, true)] {
            let result = try read(open, parsers: parsers, chunk: chunk, scanning: scanning).result
            #expect(result.records.isEmpty, "\(parsers) parsers, scanning \(scanning)")
            #expect(result.failure?.contains("error:") == true, "\(parsers) parsers, scanning \(scanning)")
        }
    }

    @Test(
        "On one line, after characters beyond ASCII, errors name libxml2's column, which counts characters (FuzzRead)",
        arguments: [#" a="1" a="2"/>"#, "/><Oops", "/>text <![CDATA[x]]> <Record a=\"1\" a=\"1\"/>"])
    func columnsInCharacters(end: String) throws {
        let body =
            Self.everyKind.replacingOccurrences(of: "Phone", with: "Jürgen’s iPhone 📱") + "\n " + Self.record + end
        let oneLine = export(body).replacingOccurrences(of: "\n", with: " ")
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(oneLine))
        #expect(result.failure?.contains(".xml:1:") == true, "\(result.failure ?? "none")")
    }

    @Test("A self-closing root followed by more fails where libxml2 alone fails (FuzzRead)")
    func selfClosingRoot() throws {
        let xml = "<HealthData locale=\"en\"/>\n    <Record type=\"x\"/>\n"
        let result = try Self.expectScanReadsAsLibxml2(Self.reader(xml))
        #expect(result.failure?.contains(":2:5: error: Extra content at the end of the document") == true)
    }
}
