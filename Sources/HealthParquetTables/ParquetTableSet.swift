import Foundation
import HealthParquet

/// The Parquet files of one run, in one folder: each created with its first row, so a table
/// without rows writes no file, and row groups flushed early when all files together hold more
/// than a budget in memory.
public final class ParquetTableSet {
    /// All files together keep at most about this many bytes in memory before the largest writes a row group.
    public static let defaultMemoryBudget = 48 << 20

    private let folder: String
    private let rowGroupRows: Int
    private let memoryBudget: Int
    private var files: [String: ParquetFileWriter] = [:]
    private var order: [ParquetTable] = []
    private var rowsSinceCheck = 0
    private var last: (name: String, file: ParquetFileWriter)?

    /// Writes into `folder`, which must exist.
    public init(folder: String, rowGroupRows: Int = 1_000_000, memoryBudget: Int = defaultMemoryBudget) {
        self.folder = folder
        self.rowGroupRows = rowGroupRows
        self.memoryBudget = memoryBudget
    }

    /// Rows written per file name (`quantity_samples.parquet`), for the files written.
    public var rowCounts: [(file: String, rows: Int64)] {
        order.map { ($0.fileName, files[$0.name]!.rowCount) }
    }

    /// Writes one row of `table`: `body` appends its values.
    @inline(__always)
    public func row(_ table: ParquetTable, _ body: (inout ParquetRow) -> Void) throws {
        let file = try self.file(table)
        var row = ParquetRow(file)
        body(&row)
        try row.end()
        rowsSinceCheck += 1
        if rowsSinceCheck >= 4096 {
            rowsSinceCheck = 0
            try keepWithinBudget()
        }
    }

    /// Writes every file's last row group and footer.
    public func close() throws {
        for table in order { try files[table.name]!.close() }
    }

    /// Removes the unfinished files after a failure.
    public func discard() {
        for table in order { files[table.name]!.discard() }
    }

    private func file(_ table: ParquetTable) throws -> ParquetFileWriter {
        // Rows mostly come in runs of one table: names of the same static string compare at once.
        if let last, last.name == table.name { return last.file }
        if let file = files[table.name] {
            last = (table.name, file)
            return file
        }
        let path = (folder as NSString).appendingPathComponent(table.fileName)
        let file = try ParquetFileWriter(path: path, columns: table.columns, rowGroupRows: rowGroupRows)
        files[table.name] = file
        order.append(table)
        last = (table.name, file)
        return file
    }

    private func keepWithinBudget() throws {
        var sizes = order.map { (name: $0.name, bytes: files[$0.name]!.bufferedBytes) }
        var total = sizes.reduce(0) { $0 + $1.bytes }
        sizes.sort { $0.bytes > $1.bytes }
        for size in sizes where total > memoryBudget {
            try files[size.name]!.flushRowGroup()
            total -= size.bytes
        }
    }
}
