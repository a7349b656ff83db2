import HealthCore
import HealthExport
import HealthParquet

/// Appends one row's values to a table's columns, in the table's column order.
public struct ParquetRow: ~Copyable {
    private let file: ParquetFileWriter
    private var index = 0

    init(_ file: ParquetFileWriter) {
        self.file = file
    }

    /// Appends a number or a null.
    public mutating func add(_ value: Double?) {
        file.column(index).append(value)
        index += 1
    }

    /// Appends an `INT64` or a null.
    public mutating func add(_ value: Int64?) {
        file.column(index).append(value)
        index += 1
    }

    /// Appends an `INT32` or a null.
    public mutating func add(_ value: Int32?) {
        file.column(index).append(value)
        index += 1
    }

    /// Appends a string or a null.
    public mutating func add(_ value: String?) {
        file.column(index).append(value)
        index += 1
    }

    /// Appends a record ID as a UUID, or a null.
    public mutating func add(_ id: RecordID?) {
        if let id { file.column(index).append(high: id.high, low: id.low) } else { file.column(index).appendNull() }
        index += 1
    }

    /// Appends an instant as UTC microseconds and, when `offset` is set, its written UTC offset.
    public mutating func add(_ time: ExportTimestamp?, offset: Bool) {
        add(time.map { $0.secondsSince1970 &* 1_000_000 })
        if offset { add(time.map { $0.offsetMinutes }) }
    }

    /// Ends the row; every column must have had its value.
    consuming func end() throws {
        precondition(index == file.columns.count, "a row of \(index) values for \(file.columns.count) columns")
        try file.endRow()
    }
}
