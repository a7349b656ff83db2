import FuzzSupport
import HealthExport

#if canImport(Glibc)
import Glibc
#endif

// Segments of 64 bytes: even small inputs are scanned on two threads, cut every line or so.
setenv("HEALTHIMPORT_SEGMENT_BYTES", "64", 1)
runFuzzer { fuzzOverview($0, $1) }

/// The overview behind `summary` against the full read behind `records`, on the same bytes:
/// when the overview succeeds the full read must succeed with the same records per type, and
/// when the full read fails the overview must not succeed (stepping aside is allowed: then
/// `summary` reads in full). Two threads must scan exactly as one: the same records handed over,
/// the same counts, the same step aside or error. The first byte picks the chunk size.
func fuzzOverview(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard size > 0 else { return 0 }
    let chunk = 1 + Int(data[0]) * 97
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    var overview: [String: Int]? = [:]
    var overviewError: (any Error)?
    do {
        let (_, samples) = try ExportReader(source: BytesSource(bytes, chunk: chunk)).readOverview(onChunk: {}) {
            overview![$0.type, default: 0] += 1
        }
        for (type, tally) in samples.types { overview![type, default: 0] += tally.count }
    } catch is ExportReader.OverviewUnavailable {
        overview = nil
    } catch {
        overview = nil
        overviewError = error
    }
    let one = overviewOutcome(bytes, chunk: chunk, threads: 1)
    let two = overviewOutcome(bytes, chunk: chunk, threads: 2)
    if one != two { fuzzFailure("one thread and two differ: \(one) against \(two)") }
    var full: [String: Int] = [:]
    var fullError: (any Error)?
    do {
        _ = try ExportReader(source: BytesSource(bytes, chunk: chunk)).read { full[$0.type, default: 0] += 1 }
    } catch {
        fullError = error
    }
    if let overview {
        if let fullError { fuzzFailure("the overview succeeded, the full read failed: \(fullError)") }
        if overview != full { fuzzFailure("counts differ: overview \(overview), full \(full)") }
    } else if let overviewError, fullError == nil {
        fuzzFailure("the overview failed, the full read succeeded: \(overviewError)")
    }
    return 0
}

/// What an overview on `threads` threads gives, as text: the records handed over, the counts,
/// the report's figures, or that it stepped aside, or how it failed.
func overviewOutcome(_ bytes: UnsafeRawBufferPointer, chunk: Int, threads: Int) -> String {
    let reader = ExportReader(source: BytesSource(bytes, chunk: chunk))
    reader.overviewThreads = threads
    var records: [String] = []
    do {
        let (report, samples) = try reader.readOverview(onChunk: {}) { records.append("\($0)") }
        let tallies = samples.types.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let sources = samples.sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "\(records) \(tallies) \(sources) \(report.elementsRead) \(report.invalidExamples) "
            + "\(report.unknownElements.sorted { $0.key < $1.key }) \(report.warnings)"
    } catch is ExportReader.OverviewUnavailable {
        // Why it stepped aside, and what it handed over before, depend on how the bytes came.
        return "stepped aside"
    } catch {
        return "\(records) \(error)"
    }
}
