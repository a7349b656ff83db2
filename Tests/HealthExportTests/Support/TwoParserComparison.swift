import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Everything a read gives: the records in order, the report, and how it failed.
struct ReadResult: Equatable, CustomStringConvertible {
    var records: [HealthRecord] = []
    var facts = ExportFacts()
    var bytesRead: Int64 = 0
    var elementsRead = 0
    var outsideWindow: [String: Int] = [:]
    var notSelected = 0
    var invalidCounts: [String: Int] = [:]
    var invalidExamples: [InvalidRecord] = []
    var unknownElements: [String: Int] = [:]
    var replacedControlCharacters = 0
    var replacedInvalidUTF8Bytes = 0
    var repairedLegacyAttributes = false
    var warnings: [String] = []
    /// The error's full text (`file:line:column: error: message`), when the read failed.
    var failure: String?

    init() {}

    init(_ report: ReadReport) {
        facts = report.facts
        bytesRead = report.bytesRead
        elementsRead = report.elementsRead
        outsideWindow = report.outsideWindow
        notSelected = report.notSelected
        invalidCounts = report.invalidCounts
        invalidExamples = report.invalidExamples
        unknownElements = report.unknownElements
        replacedControlCharacters = report.replacedControlCharacters
        replacedInvalidUTF8Bytes = report.replacedInvalidUTF8Bytes
        repairedLegacyAttributes = report.repairedLegacyAttributes
        warnings = report.warnings
    }

    var description: String {
        "\(records.count) records, \(elementsRead) elements, \(invalidExamples.count) invalid examples, "
            + "\(warnings.count) warnings, failure: \(failure ?? "none")"
    }
}

/// A plan that leaves types out and cuts others at an instant, so the comparisons also cover
/// the counts of records outside the window and of types not selected.
func testPlan(_ kind: RecordKind, _ type: String) -> TypePlan {
    if type.hasSuffix("HeartRate") { return .skip }
    if kind == .category || kind == .workout {
        return .startingAt(ExportTimestamp(secondsSince1970: 1_420_070_400, offsetMinutes: 0))
    }
    return .all
}

/// Reads the export `open` gives with `parsers` parsers; two parsers read chunks of `chunk`
/// bytes and cut segments of at least `segment` bytes (1: at the last possible cut in every chunk).
func read(
    _ open: () throws -> any RecordSource, parsers: Int, chunk: Int = ExportReader.chunkSize, segment: Int = 256 << 10,
    plan: ((RecordKind, String) -> TypePlan)? = testPlan, stopAfter: Int? = nil, scanning: Bool = true
) throws -> (result: ReadResult, statistics: SegmentedRead.Statistics) {
    let reader = try open()
    // A package's reader parses its XML with an ExportReader of its own.
    let xml = (reader as? PackageReader)?.xml ?? (reader as! ExportReader)
    xml.parsers = parsers
    xml.scansRecords = scanning
    xml.chunkBytes = chunk
    xml.segmentBytes = segment
    if let plan { reader.plan = plan }
    var result = ReadResult()
    var records: [HealthRecord] = []
    do {
        let report = try reader.read { record in
            if let stopAfter, records.count == stopAfter { throw StopReading() }
            records.append(record)
        }
        result = ReadResult(report)
    } catch {
        result.failure = String(describing: error)
    }
    result.records = records
    return (result, xml.segmentStatistics)
}

struct StopReading: Error, CustomStringConvertible {
    var description: String { "stopped by the consumer" }
}

/// Reads with one parser and with two, in the same chunks, at chunk sizes that put cuts between
/// every pair of neighbouring top-level elements, and expects exactly the same result; returns
/// the one at the default sizes, with how many segments the two parsers shared at most.
@discardableResult
func expectTwoParsersReadAsOne(
    _ open: () throws -> any RecordSource, chunks: [Int] = [61, 509, 4099],
    plan: ((RecordKind, String) -> TypePlan)? = testPlan,
    stopAfter: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (result: ReadResult, parallelSegments: Int) {
    var parallel = 0
    for chunk in chunks {
        let one = try read(open, parsers: 1, chunk: chunk, plan: plan, stopAfter: stopAfter).result
        let (two, statistics) = try read(open, parsers: 2, chunk: chunk, segment: 1, plan: plan, stopAfter: stopAfter)
        #expect(two.records.count == one.records.count, "chunks of \(chunk)", sourceLocation: sourceLocation)
        if two != one {
            let first = zip(two.records, one.records).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            Issue.record(
                "chunks of \(chunk): two parsers read \(two), one \(one); first different record: \(first.map(String.init) ?? "none")",
                sourceLocation: sourceLocation)
            if let first { #expect(two.records[first] == one.records[first], sourceLocation: sourceLocation) }
            #expect(two.failure == one.failure, sourceLocation: sourceLocation)
            #expect(two.invalidExamples == one.invalidExamples, sourceLocation: sourceLocation)
            #expect(two.warnings == one.warnings, sourceLocation: sourceLocation)
            #expect(two.facts == one.facts, sourceLocation: sourceLocation)
        }
        parallel = max(parallel, statistics.parallel)
    }
    // The default sizes, as the command line reads.
    let one = try read(open, parsers: 1, plan: plan, stopAfter: stopAfter).result
    let (two, _) = try read(open, parsers: 2, plan: plan, stopAfter: stopAfter)
    #expect(two == one, "default chunk and segment sizes", sourceLocation: sourceLocation)
    return (one, parallel)
}
