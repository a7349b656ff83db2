#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON

/// A person's data as a zip: `records.jsonl` (every current record, as the `records` route
/// streams them) and `export.json` (who, when, how many).
extension PostgresStore {
    /// Streams this store's person's records into a zip, handing its bytes to `emit` in pieces
    /// of about 64 KiB as the rows come from the database (memory stays bounded whatever the
    /// number of records); returns the number of records.
    public func exportZip(_ emit: ([UInt8]) async throws -> Void) async throws -> Int {
        let now = Date()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let zip = ZipStreamWriter(
            year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
            second: parts.second!)
        try zip.beginEntry("records.jsonl")
        var count = 0
        try await streamRecords(selection: .everything, since: nil) { line in
            try zip.write(line)
            try zip.write("\n")
            count += 1
            if zip.pendingCount >= 1 << 16 { try await emit(zip.takeOutput()) }
        }
        var manifest = JSONBuffer(capacity: 256)
        manifest.beginObject()
        manifest.field("person", person)
        manifest.field("exported", ExportTimestamp.now.iso8601)
        manifest.key("records")
        manifest.integer(count)
        manifest.field("format", "healthimport records, one JSON object per line (docs/json-lines.md)")
        manifest.endObject()
        try zip.beginEntry("export.json")
        try zip.write(manifest.text + "\n")
        try zip.finish()
        try await emit(zip.takeOutput())
        return count
    }
}
#endif
