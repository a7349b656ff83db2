import HealthExport

/// An instant written in UTC with `Z`, as GPX and TCX readers expect (`2025-11-15T23:12:40Z`).
struct ExportTimestampUTC {
    let secondsSince1970: Int64

    init(_ secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    func append(to bytes: inout [UInt8]) {
        let timestamp = ExportTimestamp(secondsSince1970: secondsSince1970, offsetMinutes: 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ExportTimestamp.maximumISO8601Length) { buffer in
            // The ISO form ends in `+00:00` here; `Z` takes its place.
            let count = timestamp.writeISO8601(into: buffer.baseAddress!) - 6
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            bytes.append(UInt8(ascii: "Z"))
        }
    }
}
