import FuzzSupport
import HealthExport

runFuzzer { fuzzOverview($0, $1) }

/// The overview behind `summary` against the full read behind `records`, on the same bytes:
/// when the overview succeeds the full read must succeed with the same records per type, and
/// when the full read fails the overview must not succeed (stepping aside is allowed: then
/// `summary` reads in full). The first byte picks the chunk size.
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
