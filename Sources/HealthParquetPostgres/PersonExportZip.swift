#if PostgreSQL
import Foundation
import HealthPostgres

/// A person's export zip with their Parquet tables: `records.jsonl`, `parquet/*.parquet` (the
/// files `parquet --db` writes, activity summaries, ECGs, routes and statistics included) and
/// `export.json`, for `GET /api/people/me/export` and `people export`.
public enum PersonExportZip {
    /// The start of the name of each export's folder under the scratch folder.
    public static let folderPrefix = "export-"

    /// Streams `store`'s person's zip to `emit`; returns the number of records. The Parquet
    /// tables are written into a folder of their own under `scratchFolder`, over a connection of
    /// their own while the records stream, and removed once sent (or on failure).
    public static func write(
        _ store: PostgresStore, scratchFolder: String, _ emit: ([UInt8]) async throws -> Void
    ) async throws -> Int {
        let folder = (scratchFolder as NSString).appendingPathComponent(folderPrefix + UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (url, person) = (store.url, store.person)
        let tables = Task {
            try await PostgresStore.withConnection(url: url, person: person, migrate: false) { reader in
                try await PostgresParquetExport(store: reader).writeFolder(folder) { try Task.checkCancellation() }
            }
        }
        do {
            return try await store.exportZip(attaching: { try await tables.value }, emit)
        } catch {
            tables.cancel()
            _ = try? await tables.value
            throw error
        }
    }
}
#endif
