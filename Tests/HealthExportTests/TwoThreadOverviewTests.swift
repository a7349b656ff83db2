import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// The overview behind `summary` scans on two threads exactly as on one: the same records
/// handed over, the same counts and tallies, and the same step aside or error.
@Suite struct TwoThreadOverviewTests {
    /// Everything an overview gives.
    struct OverviewResult: Equatable, CustomStringConvertible {
        var read = ReadResult()
        var tallies: [String: SampleTallies.Tally] = [:]
        var sources: [String: Int] = [:]
        /// Why the overview stepped aside, when it did.
        var unavailable: String?

        var description: String {
            "\(read), \(tallies.count) tallied types, unavailable: \(unavailable ?? "no")"
        }
    }

    /// The overview of the export `open` gives, on `threads` threads, reading chunks of
    /// `chunk` bytes and cutting segments of at least `segment` bytes.
    static func overview(
        _ open: () throws -> any RecordSource, threads: Int, chunk: Int = ExportReader.chunkSize,
        segment: Int = 256 << 10, stopAfter: Int? = nil
    ) throws -> (result: OverviewResult, statistics: SegmentedRead.Statistics) {
        let reader = try open()
        let xml = (reader as? PackageReader)?.xml ?? (reader as! ExportReader)
        xml.overviewThreads = threads
        xml.chunkBytes = chunk
        xml.segmentBytes = segment
        var result = OverviewResult()
        var records: [HealthRecord] = []
        do {
            let (report, samples) = try reader.readOverview(onChunk: {}) { record in
                if let stopAfter, records.count == stopAfter { throw StopReading() }
                records.append(record)
            }
            result.read = ReadResult(report)
            result.tallies = samples.types
            result.sources = samples.sources
        } catch let unavailable as ExportReader.OverviewUnavailable {
            result.unavailable = unavailable.reason
        } catch {
            result.read.failure = String(describing: error)
        }
        result.read.records = records
        return (result, xml.segmentStatistics)
    }

    /// Compares two threads with one for each chunk size, with segments cut at every boundary
    /// and at few; returns the one-thread result of the last chunk size and how many segments
    /// the workers scanned with the smallest segments.
    @discardableResult
    static func expectTwoThreadsScanAsOne(
        _ open: () throws -> any RecordSource, chunks: [Int] = [61, 4099], stopAfter: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (result: OverviewResult, parallel: Int) {
        var one = OverviewResult()
        var parallel = 0
        for chunk in chunks {
            one = try overview(open, threads: 1, chunk: chunk, stopAfter: stopAfter).result
            for segment in [1, 8192] {
                let (two, statistics) = try overview(
                    open, threads: 2, chunk: chunk, segment: segment, stopAfter: stopAfter)
                #expect(two == one, "chunks of \(chunk), segments of \(segment)", sourceLocation: sourceLocation)
                if segment == 1 { parallel = max(parallel, statistics.parallel) }
            }
        }
        return (one, parallel)
    }

    static func reader(_ xml: String) -> () throws -> any RecordSource {
        { ExportReader(source: MemorySource(xml, chunk: 1 << 16)) }
    }

    static let everyKind = TwoParserReadTests.everyKind

    @Test("Every kind of element, cut at every boundary between two of them, scans as on one thread")
    func everyBoundary() throws {
        let body = (0..<12).map { _ in Self.everyKind }.joined(separator: "\n")
        let (result, parallel) = try Self.expectTwoThreadsScanAsOne(Self.reader(export(body)))
        #expect(result.unavailable == nil)
        #expect(result.read.failure == nil)
        #expect(result.tallies["HKQuantityTypeIdentifierHeartRate"]?.count == 12)
        #expect(result.read.unknownElements == ["UnknownThing": 12])
        #expect(result.read.invalidExamples.count == 10)
        #expect(parallel > 100)
    }

    @Test(
        "Cuts inside a comment or a wrongly indented element leave the rest to the reading thread",
        arguments: [
            " <!-- a comment\n <Record type=\"fake\"/>\n -->",
            " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Watch\" startDate=\"2024-05-30 07:00:00 +0200\" endDate=\"2024-05-30 07:30:00 +0200\">\n <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2024-05-30 07:10:00 +0200\"/>\n <MetadataEntry key=\"k\" value=\"v\"/>\n </Workout>",
        ])
    func cutsInsideElements(trap: String) throws {
        let body = [Self.everyKind, trap, Self.everyKind, trap, Self.everyKind].joined(separator: "\n")
        let xml = export(body)
        let (result, parallel) = try Self.expectTwoThreadsScanAsOne(Self.reader(xml))
        #expect(result.unavailable == nil)
        #expect(result.read.records.count > 20)
        #expect(parallel > 5)
        let statistics = try Self.overview(Self.reader(xml), threads: 2, chunk: 61, segment: 1).statistics
        #expect(statistics.serial > 0)
    }

    @Test(
        "What makes the overview step aside, or fail, late in the file does so as on one thread",
        arguments: [
            Self.everyKind + "\n <![CDATA[ text ]]>\n" + Self.everyKind,
            Self.everyKind + "\n loose text\n" + Self.everyKind,
            Self.everyKind + "\n <Record type=\"x\" <Oops/>\n" + Self.everyKind,
            Self.everyKind + "\n <Workout sourceName=\"a\">\n </Correlation>\n" + Self.everyKind,
            Self.everyKind + "\n <Record type=\"x\" type=\"y\"/>\n" + Self.everyKind,
            Self.everyKind + "\n <Record type=\"x&nope;\"/>\n" + Self.everyKind,
            Self.everyKind + "\n <Workout sourceName=\"a&nope;\"/>\n" + Self.everyKind,
            Self.everyKind + "\n <ExportDate value=\"2025-01-02 03:04:05 +0100\"/>\n" + Self.everyKind,
        ])
    func lateTrouble(body: String) throws {
        let (result, parallel) = try Self.expectTwoThreadsScanAsOne(Self.reader(export(body)))
        #expect(result.unavailable != nil || result.read.failure != nil)
        #expect(parallel > 5)
    }

    @Test("Truncated exports and content after the root step aside as on one thread")
    func truncated() throws {
        let body = (0..<3).map { _ in Self.everyKind }.joined(separator: "\n")
        for xml in [
            String(export(body).dropLast(300)), String(export(body).dropLast("\n</HealthData>".count)),
            export(body) + "\n <Record type=\"late\"/>\n",
        ] {
            let result = try Self.expectTwoThreadsScanAsOne(Self.reader(xml)).result
            #expect(result.unavailable != nil)
        }
    }

    @Test("A consumer that stops, and input that fails midway, end the overview as on one thread")
    func stops() throws {
        let xml = export((0..<6).map { _ in Self.everyKind }.joined(separator: "\n"))
        let stopped = try Self.expectTwoThreadsScanAsOne(Self.reader(xml), stopAfter: 12).result
        #expect(stopped.read.failure == "stopped by the consumer")
        let failing = { ExportReader(source: FailingSource(xml, after: xml.utf8.count / 2)) as any RecordSource }
        let failed = try Self.expectTwoThreadsScanAsOne(failing).result
        #expect(failed.read.failure?.contains("the disk went away") == true)
    }

    @Test("An export on one line, and one indented otherwise, scan as on one thread")
    func otherLayouts() throws {
        let records = (0..<6).map { _ in Self.everyKind }.joined(separator: "\n")
        let oneLine = export(records).replacingOccurrences(of: "\n", with: " ")
        #expect(try Self.expectTwoThreadsScanAsOne(Self.reader(oneLine)).result.tallies.count > 3)
        let tabs = export(records.replacingOccurrences(of: "\n <", with: "\n\t<"))
        #expect(try Self.expectTwoThreadsScanAsOne(Self.reader(tabs)).result.tallies.count > 3)
    }

    @Test(
        "Sample exports scan alike on two threads, and are shared between them",
        arguments: ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025", "zip/export.zip"])
    func sampleExports(name: String) throws {
        let path = repositoryRoot + "/SampleExports/" + name
        let (result, parallel) = try Self.expectTwoThreadsScanAsOne(
            { try ExportPackage.open(path).makeReader() }, chunks: [4099])
        if name != "ios8-2015" {
            #expect(result.unavailable == nil)
            #expect(parallel > 5)
        }
    }

    @Test(
        "Corpus exports scan alike on two threads, steps aside included",
        .enabled(if: !TwoParserReadTests.corpusFiles.isEmpty, "../shared/corpus is not beside this clone"),
        arguments: TwoParserReadTests.corpusFiles)
    func corpusExport(path: String) throws {
        try Self.expectTwoThreadsScanAsOne({ try ExportReader(path: path) }, chunks: [4099])
    }
}
