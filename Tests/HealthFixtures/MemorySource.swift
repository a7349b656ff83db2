import Foundation
import HealthExport

/// A byte source over bytes in memory, handing them out in chunks of a chosen size.
public final class MemorySource: ByteSource {
    public let displayName: String
    public var expectedByteCount: Int64? { Int64(bytes.count) }
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    public init(_ text: String, name: String = "test.xml", chunk: Int = 1 << 16) {
        bytes = Array(text.utf8)
        displayName = name
        self.chunk = chunk
    }

    public init(bytes: [UInt8], name: String = "test.xml", chunk: Int = 1 << 16) {
        self.bytes = bytes
        displayName = name
        self.chunk = chunk
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// Reads `xml` and returns every record and the report.
public func readAll(_ xml: String, chunk: Int = 1 << 16) throws -> (records: [HealthRecord], report: ReadReport) {
    let reader = ExportReader(source: MemorySource(xml, chunk: chunk))
    var records: [HealthRecord] = []
    let report = try reader.read { records.append($0) }
    return (records, report)
}

/// Wraps body elements in a minimal modern export.
public func export(_ body: String, exportDate: String = "2024-06-01 09:00:00 +0200", locale: String = "en_US") -> String
{
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
    <!ATTLIST HealthData locale CDATA #REQUIRED>
    ]>
    <HealthData locale="\(locale)">
     <ExportDate value="\(exportDate)"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-15" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
    \(body)
    </HealthData>
    """
}

/// The repository's root folder, found from this file's path.
public let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

extension HealthRecord {
    public var quantity: QuantitySample? { if case .quantity(let s) = self { s } else { nil } }
    public var weight: WeightSample? { if case .weight(let s) = self { s } else { nil } }
    public var category: CategorySample? { if case .category(let s) = self { s } else { nil } }
    public var workout: Workout? { if case .workout(let w) = self { w } else { nil } }
    public var correlation: Correlation? { if case .correlation(let c) = self { c } else { nil } }
    public var summary: ActivitySummary? { if case .activitySummary(let a) = self { a } else { nil } }
    public var route: RouteTrack? { if case .route(let r) = self { r } else { nil } }
    public var facts: ExportFacts? { if case .export(let f) = self { f } else { nil } }
}

/// The bytes of the file at `path`.
public func fileBytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ExportError(.unreadable, "cannot read", path: path)
    }
    return [UInt8](data)
}
