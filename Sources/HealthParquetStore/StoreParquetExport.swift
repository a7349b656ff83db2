import GRDB
import HealthCore
import HealthExport
import HealthParquet
import HealthParquetTables
import HealthQuery

/// Writes an SQLite store's current rows, and the daily statistics and sleep nights `stats`
/// shows, into Parquet tables: the same files and columns as from an export, plus
/// ``ParquetTable/dailyStatistics`` and ``ParquetTable/sleepNights``.
public struct StoreParquetExport: Sendable {
    private let reader: StoreReader

    /// Reads the store `reader` opened.
    public init(reader: StoreReader) {
        self.reader = reader
    }

    /// Writes every table into `tables`; `check` runs between rows (to stop on Ctrl-C).
    public func write(into tables: ParquetTableSet, check: () throws -> Void) async throws {
        try reader.store.read { db in
            for (table, sql) in StoreTableQueries(.sqlite).all {
                let rows = try Row.fetchCursor(db, sql: sql)
                while let row = try rows.next() {
                    try check()
                    try tables.row(table) { out in Self.copy(row, table.columns, into: &out) }
                }
            }
        }
        let types = try await reader.types().map(\.type)
        try await Self.writeStatistics(reader.statistics, types: types, into: tables, check: check)
    }

    /// Writes ``ParquetTable/dailyStatistics`` for those of `types` that have statistics, and
    /// ``ParquetTable/sleepNights``, from either store's `statistics`.
    public static func writeStatistics(
        _ statistics: any DailyStatistics, types: [String], into tables: ParquetTableSet, check: () throws -> Void
    ) async throws {
        for type in types.filter(StoredStatistics.hasStatistics).sorted() {
            for day in try await statistics.daily(type: type, from: nil, to: nil) {
                try check()
                try tables.row(.dailyStatistics) { row in
                    row.add(type)
                    row.add(Self.days(day.day))
                    row.add(day.value)
                    row.add(day.minimum)
                    row.add(day.maximum)
                    row.add(day.samples.map(Int64.init))
                    row.add(day.unit)
                }
            }
        }
        for night in try await statistics.sleep(from: nil, to: nil) {
            try check()
            try tables.row(.sleepNights) { row in
                row.add(Self.days(night.night))
                row.add(night.asleep)
                for stage in ["InBed", "Awake", "AsleepCore", "AsleepDeep", "AsleepREM", "Asleep"] {
                    row.add(night.minutes[stage] ?? 0)
                }
            }
        }
    }

    /// Days since 1970 of a `yyyy-MM-dd` day.
    static func days(_ day: String) -> Int32? {
        TimestampParser.parseDay(day)?.daysSince1970
    }

    /// Appends a query row's values, converted to each column's type.
    private static func copy(_ row: Row, _ columns: [ParquetColumn], into out: inout ParquetRow) {
        for (index, column) in columns.enumerated() {
            switch column.storage {
            case .fixed16:
                let text: String? = row[index]
                out.add(text.flatMap { RecordID($0) })
            case .int64:
                out.add(row[index] as Int64?)
            case .int32:
                out.add((row[index] as Int64?).map { Int32(truncatingIfNeeded: $0) })
            case .double:
                out.add(row[index] as Double?)
            case .byteArray, .dictionaryByteArray:
                out.add(row[index] as String?)
            }
        }
    }
}
