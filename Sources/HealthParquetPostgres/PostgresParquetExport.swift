#if PostgreSQL
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
        let types = try await store.anchors().keys
        try await StoreParquetExport.writeStatistics(
            PostgresDailyStatistics(store: store), types: Array(types), into: tables, check: check)
    }
}
#endif
