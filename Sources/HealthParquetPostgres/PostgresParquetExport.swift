#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthParquet
import HealthParquetStore
import HealthParquetTables
import HealthPostgres
import HealthQueryPostgres
import PostgresNIO

/// Writes a person's current rows of a PostgreSQL store, and the daily statistics and sleep
/// nights `stats` shows for them, into Parquet tables: the same files and columns as from an
/// SQLite store, read by the same queries (``StoreSQLDialect/postgres``).
public struct PostgresParquetExport: Sendable {
    private let store: PostgresStore

    /// Reads `store`'s person.
    public init(store: PostgresStore) {
        self.store = store
    }

    /// Writes every table into `tables`, each query's rows as the server streams them;
    /// `check` runs between rows (to stop on Ctrl-C).
    public func write(into tables: ParquetTableSet, check: () throws -> Void) async throws {
        var values: [DecodedValue] = []
        for (table, sql) in StoreTableQueries(.postgres).all {
            let columns = table.columns
            try await store.streamRows(sql) { row in
                try check()
                // Decoded before the row starts: a row is written whole or not at all.
                values.removeAll(keepingCapacity: true)
                for (cell, column) in zip(row, columns) { values.append(try DecodedValue(cell, as: column.storage)) }
                try tables.row(table) { out in
                    for value in values { value.add(to: &out) }
                }
            }
        }
        try await StoreParquetExport.writeStatistics(
            PostgresDailyStatistics(store: store), types: try await store.typesWithStatistics(), into: tables,
            check: check)
    }
}

extension PostgresParquetExport {
    /// Writes every table into `folder` (made if missing) as `parquet --db` does, and returns the
    /// files written with their rows, to be sent (a person's export zip) and then removed.
    public func writeFolder(_ folder: String, check: () throws -> Void = {}) async throws -> [ExportAttachment] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tables = ParquetTableSet(folder: folder)
        do {
            try await write(into: tables, check: check)
            try tables.close()
        } catch {
            tables.discard()
            throw error
        }
        return tables.rowCounts.map { file in
            ExportAttachment(
                name: "parquet/" + file.file, path: (folder as NSString).appendingPathComponent(file.file),
                rows: file.rows)
        }
    }
}
#endif
