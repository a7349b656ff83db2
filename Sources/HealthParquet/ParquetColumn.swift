/// One column of a Parquet file: its name, how its values are stored, and what they mean.
public struct ParquetColumn: Sendable, Equatable {
    /// The physical types this writer produces.
    public enum Storage: Sendable, Equatable {
        /// `INT32`.
        case int32
        /// `INT64`.
        case int64
        /// `DOUBLE`.
        case double
        /// `BYTE_ARRAY`, PLAIN-encoded.
        case byteArray
        /// `BYTE_ARRAY`, dictionary-encoded (`RLE_DICTIONARY` pages after a PLAIN dictionary page).
        case dictionaryByteArray
        /// `FIXED_LEN_BYTE_ARRAY` of 16 bytes.
        case fixed16
    }

    /// The logical types this writer annotates columns with.
    public enum Meaning: Sendable, Equatable {
        /// No annotation: a plain number.
        case none
        /// `STRING` (UTF-8).
        case string
        /// `TIMESTAMP(isAdjustedToUTC: true, unit: MICROS)`: microseconds since 1970 UTC.
        case timestampMicrosUTC
        /// `DATE`: days since 1970-01-01.
        case date
        /// `INTEGER(bitWidth, signed)`.
        case integer(bits: Int8)
        /// `UUID`: 16 bytes, big-endian.
        case uuid
    }

    /// The column's name.
    public var name: String
    /// Its physical storage.
    public var storage: Storage
    /// Its logical type.
    public var meaning: Meaning
    /// Whether it may hold nulls (`OPTIONAL`, with definition levels) or not (`REQUIRED`).
    public var nullable: Bool

    /// Describes a column.
    public init(_ name: String, _ storage: Storage, _ meaning: Meaning = .none, nullable: Bool) {
        self.name = name
        self.storage = storage
        self.meaning = meaning
        self.nullable = nullable
    }

    /// A string column, dictionary-encoded when its values repeat (types, units, sources).
    public static func string(_ name: String, nullable: Bool = true, dictionary: Bool = true) -> ParquetColumn {
        ParquetColumn(name, dictionary ? .dictionaryByteArray : .byteArray, .string, nullable: nullable)
    }

    /// An instant as UTC microseconds.
    public static func timestamp(_ name: String, nullable: Bool = false) -> ParquetColumn {
        ParquetColumn(name, .int64, .timestampMicrosUTC, nullable: nullable)
    }

    /// A `DOUBLE`.
    public static func double(_ name: String, nullable: Bool = true) -> ParquetColumn {
        ParquetColumn(name, .double, nullable: nullable)
    }

    /// An `INT64` count or index.
    public static func int64(_ name: String, nullable: Bool = false) -> ParquetColumn {
        ParquetColumn(name, .int64, .integer(bits: 64), nullable: nullable)
    }

    /// An `INT32` (a UTC offset in minutes, a small number).
    public static func int32(_ name: String, nullable: Bool = false) -> ParquetColumn {
        ParquetColumn(name, .int32, .integer(bits: 32), nullable: nullable)
    }

    /// A `UUID`.
    public static func uuid(_ name: String, nullable: Bool = false) -> ParquetColumn {
        ParquetColumn(name, .fixed16, .uuid, nullable: nullable)
    }

    /// A calendar day as `DATE`.
    public static func date(_ name: String, nullable: Bool = false) -> ParquetColumn {
        ParquetColumn(name, .int32, .date, nullable: nullable)
    }
}
