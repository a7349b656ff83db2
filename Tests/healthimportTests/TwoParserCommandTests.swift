import Foundation
import Testing

@testable import HealthExport

/// The command line reads a large export on two parsers; `HEALTHIMPORT_PARSERS=1` reads it on
/// one. Both must print the same bytes: the same records in the same order with the same UUIDs,
/// the same counts, and the same error at the same line and column.
@Suite struct TwoParserCommandTests {
    /// `healthimport arguments` on `parsers` parsers.
    static func run(parsers: Int, _ arguments: [String], directory: String? = nil) throws -> CLI.Result {
        try CLI.runProcess(
            "/usr/bin/env", ["HEALTHIMPORT_PARSERS=\(parsers)", CLI.binary] + arguments, directory: directory)
    }

    /// Runs `arguments` on one parser and on two, from `directories` (one each) when given.
    static func expectSameOutput(
        _ arguments: [String], directories: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLI.Result {
        let one = try run(parsers: 1, arguments, directory: directories?[0])
        let two = try run(parsers: 2, arguments, directory: directories?[1])
        #expect(two.status == one.status, sourceLocation: sourceLocation)
        #expect(two.stdout == one.stdout, "standard output differs", sourceLocation: sourceLocation)
        #expect(two.stderr == one.stderr, sourceLocation: sourceLocation)
        return two
    }

    @Test("records on a generated export of several megabytes prints the same bytes on two parsers as on one")
    func generatedExport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try GeneratedExport(records: 30_000).write(to: folder)
        let all = try Self.expectSameOutput(["records", path, "--all"])
        #expect(all.status == 0)
        #expect(all.lines.count > 30_000)
        let window = try Self.expectSameOutput([
            "records", path, "--days", "20", "--type", "workouts", "--type", "heart-rate",
        ])
        #expect(window.status == 0)
        #expect(window.stderr.contains("outside the window"))
        let stores = [folder + "/one", folder + "/two"]
        for store in stores {
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        }
        let imported = try Self.expectSameOutput(
            ["import", path, "--all", "--db", "health.sqlite", "--json"], directories: stores)
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("\"new\":"))
    }

    @Test(
        "A generated export cut short or broken anywhere fails with the same error, after the same records",
        arguments: [0.31, 0.5, 0.77, 0.93])
    func brokenExport(at fraction: Double) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = GeneratedExport(records: 20_000).bytes
        let cut = Int(Double(bytes.count) * fraction)
        // Truncated there, and with a broken tag there instead.
        try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: folder + "/truncated.xml"))
        var broken = bytes
        let lineStart = broken[..<cut].lastIndex(of: UInt8(ascii: "\n"))! + 1
        broken.insert(contentsOf: Array(" <Record type=\"x\" <".utf8), at: lineStart)
        try Data(broken).write(to: URL(fileURLWithPath: folder + "/broken.xml"))
        for name in ["truncated.xml", "broken.xml"] {
            let result = try Self.expectSameOutput(["records", folder + "/" + name, "--all"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(name):"), "\(result.stderr)")
            #expect(result.lines.count > 1_000)
        }
    }

    @Test("Bytes that are not UTF-8 are repaired and counted alike on two parsers")
    func invalidUTF8() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bytes = GeneratedExport(records: 20_000).bytes
        for fraction in [0.3, 0.6, 0.9] {
            // Inside the first value of the line the fraction falls on.
            let line = bytes[..<Int(Double(bytes.count) * fraction)].lastIndex(of: UInt8(ascii: "\n"))!
            let quote = bytes[line...].firstIndex(of: UInt8(ascii: "\""))!
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: quote + 1)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/export.xml"))
        let result = try Self.expectSameOutput(["records", folder + "/export.xml", "--all"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("not UTF-8"), "\(result.stderr)")
    }

    @Test("A generated export cut between every pair of top-level elements reads as on one parser")
    func everyBoundary() throws {
        let bytes = GeneratedExport(records: 3_000).bytes
        func read(parsers: Int, chunk: Int) throws -> ([HealthRecord], ReadReport, Int) {
            let reader = ExportReader(source: BytesSource(bytes))
            reader.parsers = parsers
            reader.chunkBytes = chunk
            reader.segmentBytes = 1
            var records: [HealthRecord] = []
            let report = try reader.read { records.append($0) }
            return (records, report, reader.segmentStatistics.parallel)
        }
        let (expected, report, _) = try read(parsers: 1, chunk: ExportReader.chunkSize)
        for chunk in [61, 4099] {
            let (records, twoReport, parallel) = try read(parsers: 2, chunk: chunk)
            #expect(records == expected)
            #expect(twoReport.elementsRead == report.elementsRead)
            #expect(twoReport.facts == report.facts)
            #expect(twoReport.invalidCounts == report.invalidCounts)
            #expect(parallel > 100)
        }
    }
}

/// Bytes in memory, handed out in chunks of at most 997 bytes.
final class BytesSource: ByteSource {
    let displayName = "generated.xml"
    var expectedByteCount: Int64? { Int64(bytes.count) }
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = min(997, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }
}
