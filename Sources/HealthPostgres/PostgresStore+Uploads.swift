#if PostgreSQL
import Foundation
import HealthExport
import PostgresNIO

/// Resumable uploads: their rows in `resumable_uploads`, and the lock that lets one request at a
/// time append to each.
extension PostgresStore {
    static let uploadColumns = """
        person, id, upload_length, upload_offset, metadata, import_window, created, expires_unix, state, attempts, \
        result_status, result
        """

    static func resumableUpload(_ row: PostgresRow) throws -> ResumableUpload {
        let (person, id, length, offset, metadata, window, created, expires, state, attempts, status, result) =
            try row.decode(
                (
                    String, String, Int64, Int64, String?, String?, String, Int64, String, Int32, Int32?, String?
                ).self)
        return ResumableUpload(
            person: person, id: id, length: length, offset: offset, metadata: metadata, window: window,
            created: created, expiresUnix: expires, state: ResumableUpload.State(rawValue: state) ?? .failed,
            attempts: Int(attempts), resultStatus: status.map(Int.init), result: result)
    }

    /// A new upload of `length` bytes for `person`, expiring `lifetime` seconds from now.
    public func createUpload(
        person: String, length: Int64, metadata: String?, window: String?, lifetime: Int64
    ) async throws -> ResumableUpload {
        var generator = SystemRandomNumberGenerator()
        let id = [generator.next() as UInt64, generator.next() as UInt64].map {
            let hex = String($0, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        let expires = Int64(Date().timeIntervalSince1970) + lifetime
        let rows = try await query(
            """
            INSERT INTO resumable_uploads (person, id, upload_length, metadata, import_window, created, expires_unix, state)
            VALUES (\(person), \(id), \(length), \(metadata), \(window), \(ExportTimestamp.now.iso8601), \(expires), \
            'receiving') RETURNING \(unescaped: Self.uploadColumns)
            """)
        return try Self.resumableUpload(rows[0])
    }

    /// `person`'s upload `id`, if there is one.
    public func upload(person: String, id: String) async throws -> ResumableUpload? {
        try await query(
            "SELECT \(unescaped: Self.uploadColumns) FROM resumable_uploads WHERE person = \(person) AND id = \(id)"
        ).first.map(Self.resumableUpload)
    }

    /// The ids of `person`'s uploads.
    public func uploadIDs(of person: String) async throws -> [String] {
        try await query("SELECT id FROM resumable_uploads WHERE person = \(person)").map {
            try $0.decode(String.self)
        }
    }

    /// Takes upload `id`'s lock on this store's connection, held until it closes; `false` when
    /// another session (a request appending to it, here or on another server) holds it.
    public func tryUploadLock(id: String) async throws -> Bool {
        try await query(
            "SELECT pg_try_advisory_lock(hashtextextended(\("healthimport upload \(id)"), 0))"
        ).first?.decode(Bool.self) ?? false
    }

    /// Records that the server has `offset` bytes of an upload still receiving, every byte when
    /// `complete`; `false` when the upload is gone (erased, or expired and swept).
    public func recordReceived(person: String, id: String, offset: Int64, complete: Bool) async throws -> Bool {
        try await !query(
            """
            UPDATE resumable_uploads SET upload_offset = \(offset), state = \(complete ? "received" : "receiving")
            WHERE person = \(person) AND id = \(id) AND state = 'receiving' RETURNING 1
            """
        ).isEmpty
    }

    /// Marks an upload whose bytes are all there as importing, counting the attempt; `nil` when
    /// it is not waiting for an import (gone, or imported already). Call it holding the person's
    /// import lock: an upload marked `importing` whose person's lock is free is one whose import
    /// stopped with its process.
    public func claimUploadImport(person: String, id: String) async throws -> ResumableUpload? {
        try await query(
            """
            UPDATE resumable_uploads SET state = 'importing', attempts = attempts + 1, \
            import_started = \(ExportTimestamp.now.iso8601) \
            WHERE person = \(person) AND id = \(id) AND state IN ('received', 'importing') \
            RETURNING \(unescaped: Self.uploadColumns)
            """
        ).first.map(Self.resumableUpload)
    }

    /// Records an upload's import's answer: `completed` (the import's object) or `failed` (the error's).
    public func finishUpload(person: String, id: String, completed: Bool, status: Int, result: String) async throws {
        try await query(
            """
            UPDATE resumable_uploads SET state = \(completed ? "completed" : "failed"), result_status = \(status), \
            result = \(result), finished = \(ExportTimestamp.now.iso8601)
            WHERE person = \(person) AND id = \(id)
            """)
    }

    /// Deletes the rows of uploads expired before `now` (Unix seconds) that no import holds:
    /// those whose bytes never all came, and the answers of finished ones. Returns their ids.
    public func deleteExpiredUploads(now: Int64) async throws -> [String] {
        try await query(
            """
            DELETE FROM resumable_uploads WHERE expires_unix <= \(now) AND state IN ('receiving', 'completed', 'failed')
            RETURNING id
            """
        ).map { try $0.decode(String.self) }
    }

    /// The uploads whose bytes are all there and whose import has not finished.
    public func unfinishedUploadImports() async throws -> [(person: String, id: String)] {
        try await query("SELECT person, id FROM resumable_uploads WHERE state IN ('received', 'importing')").map {
            try $0.decode((String, String).self)
        }
    }
}
#endif
