import HealthParquet

/// One Parquet file of the export's data: its file name and its columns.
public struct ParquetTable: Sendable, Hashable {
    /// The file's name without `.parquet` (`quantity_samples`).
    public var name: String
    /// Its columns, in order.
    public var columns: [ParquetColumn]

    /// Describes a table.
    public init(_ name: String, _ columns: [ParquetColumn]) {
        self.name = name
        self.columns = columns
    }

    /// The file's name (`quantity_samples.parquet`).
    public var fileName: String { name + ".parquet" }

    public static func == (left: ParquetTable, right: ParquetTable) -> Bool { left.name == right.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
