#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON

/// A file added to a person's export zip after `records.jsonl`: its name in the zip, where it
/// is, and the rows it holds (for `export.json`).
public struct ExportAttachment: Sendable {
    public var name: String
    public var path: String
    public var rows: Int64

    public init(name: String, path: String, rows: Int64) {
        self.name = name
        self.path = path
        self.rows = rows
    }
}

/// A person's data as a zip: `records.jsonl` (every current record, as the `records` route
/// streams them), the attachments (the person's Parquet tables) and `export.json` (who, when,
/// how many, and the person's profile).
extension PostgresStore {
    /// Streams this store's person's records into a zip, then the files `attachments` gives once
    /// the records are in (so they can be written meanwhile), handing the zip's bytes to `emit`
    /// in pieces of about 64 KiB as the rows come from the database (memory stays bounded
    /// whatever the number of records); returns the number of records.
    public func exportZip(
        attaching attachments: () async throws -> [ExportAttachment] = { [] },
        _ emit: ([UInt8]) async throws -> Void
    ) async throws -> Int {
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
        let attachments = try await attachments()
        for attachment in attachments {
            guard let file = FileHandle(forReadingAtPath: attachment.path) else {
                throw StoreError(.io, "cannot read \(attachment.path)")
            }
            defer { try? file.close() }
            try zip.beginEntry(attachment.name)
            while let chunk = try file.read(upToCount: 1 << 16), !chunk.isEmpty {
                try zip.write([UInt8](chunk))
                if zip.pendingCount >= 1 << 16 { try await emit(zip.takeOutput()) }
            }
        }
        var manifest = JSONBuffer(capacity: 256)
        manifest.beginObject()
        manifest.field("person", person)
        manifest.field("exported", ExportTimestamp.now.iso8601)
        manifest.key("records")
        manifest.integer(count)
        manifest.field("format", "healthimport records, one JSON object per line (docs/json-lines.md)")
        if !attachments.isEmpty {
            manifest.key("files")
            manifest.beginObject()
            for attachment in attachments {
                manifest.key(attachment.name)
                manifest.integer(Int(attachment.rows))
            }
            manifest.endObject()
        }
        // The newest export's facts: its date, its locale and the person's profile (date of
        // birth, sex, blood type, skin type), which no record holds.
        let facts = try await query(
            """
            SELECT export_date, locale, profile FROM exports WHERE person = \(person)
            ORDER BY export_unix DESC NULLS LAST LIMIT 1
            """
        ).first?.decode((String?, String?, String).self)
        if let facts {
            if let date = facts.0 { manifest.field("exportDate", date) }
            if let locale = facts.1 { manifest.field("locale", locale) }
            // Kept as stored: one JSON object of the profile's strings, the manifest's last value.
            manifest.key("profile")
            manifest.raw(facts.2)
        }
        manifest.endObject()
        try zip.beginEntry("export.json")
        try zip.write(manifest.text + "\n")
        try zip.finish()
        try await emit(zip.takeOutput())
        return count
    }
}
#endif
