import Foundation
import HealthExport
import HealthSync

/// A byte source over a string, for exports written inside tests.
final class StringSource: ByteSource {
    let displayName = "test.xml"
    var expectedByteCount: Int64? { Int64(bytes.count) }
    private let bytes: [UInt8]
    private var offset = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }
}

/// A minimal modern export around `body`.
func export(_ body: String, exportDate: String = "2024-06-01 09:00:00 +0200") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 -->
    ]>
    <HealthData locale="en_US">
     <ExportDate value="\(exportDate)"/>
    \(body)
    </HealthData>
    """
}

/// Every record of `xml` with its ID (whole history), and the run's report.
func stream(
    _ xml: String, window: ImportWindow = .all, types: [String] = []
) throws -> (records: [IdentifiedRecord], report: StreamReport) {
    let stream = RecordStream(
        reader: ExportReader(source: StringSource(xml)), selection: try TypeSelection(types),
        policy: WindowPolicy(window: window))
    var records: [IdentifiedRecord] = []
    let report = try stream.run { records.append($0) }
    return (records, report)
}

/// The IDs of the records of `xml` (without the export's own record).
func ids(_ xml: String) throws -> [RecordID] {
    try stream(xml).records.filter { $0.record.kind != .export }.map(\.id)
}

let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()
