import HealthCore
import HealthExport

/// A minimal modern export around `body`.
public func minimalExport(_ body: String, exportDate: String = "2024-06-01 09:00:00 +0200") -> String {
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
public func stream(
    _ xml: String, window: ImportWindow = .all, types: [String] = []
) throws -> (records: [IdentifiedRecord], report: StreamReport) {
    let stream = RecordStream(
        reader: ExportReader(source: MemorySource(xml)), selection: try TypeSelection(types),
        policy: WindowPolicy(window: window))
    var records: [IdentifiedRecord] = []
    let report = try stream.run { records.append($0) }
    return (records, report)
}

/// The IDs of the records of `xml` (without the export's own record).
public func ids(_ xml: String) throws -> [RecordID] {
    try stream(xml).records.filter { $0.record.kind != .export }.map(\.id)
}
