#if PostgreSQL
import HealthCore
import HealthParquet
import HealthParquetTables
import PostgresNIO

/// One cell of a PostgreSQL row, decoded as the storage of its Parquet column.
enum DecodedValue {
    case id(RecordID?)
    case int64(Int64?)
    case int32(Int32?)
    case double(Double?)
    case text(String?)

    /// Decodes `cell` for a column stored as `storage`.
    init(_ cell: PostgresCell, as storage: ParquetColumn.Storage) throws {
        switch storage {
        case .fixed16: self = .id(try cell.decode(String?.self).flatMap { RecordID($0) })
        case .int64: self = .int64(try cell.decode(Int64?.self))
        case .int32: self = .int32(try cell.decode(Int64?.self).map { Int32(truncatingIfNeeded: $0) })
        case .double: self = .double(try cell.decode(Double?.self))
        case .byteArray, .dictionaryByteArray: self = .text(try cell.decode(String?.self))
        }
    }

    /// Appends the value to `row`.
    func add(to row: inout ParquetRow) {
        switch self {
        case .id(let id): row.add(id)
        case .int64(let value): row.add(value)
        case .int32(let value): row.add(value)
        case .double(let value): row.add(value)
        case .text(let value): row.add(value)
        }
    }
}
#endif
