import Foundation

/// Writes one Parquet file of flat columns, row by row, in row groups written as they fill.
///
/// Append a value to every column (``column(_:)``), then call ``endRow()``. A row group ends
/// after ``rowGroupRows`` rows, or earlier when its owner calls ``flushRowGroup()`` to keep
/// memory within a budget; ``close()`` writes the footer. The file is written under a
/// temporary name and takes its own only when closed, so a failed run leaves no half file.
///
/// Pages are data page v1, zstd-compressed; numbers and free text PLAIN, repeating strings
/// RLE_DICTIONARY with one dictionary per row group; nullable columns carry RLE definition levels.
public final class ParquetFileWriter {
    /// The file's columns, in order.
    public let columns: [ParquetColumn]
    /// The most rows a row group holds.
    public let rowGroupRows: Int
    /// The rows written so far, the current row group included.
    public private(set) var rowCount: Int64 = 0

    private let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private let writers: [ParquetColumnWriter]
    private let compressor = ZstdCompressor(level: 1)
    private var scratch: [UInt8] = []
    private var offset: Int64 = 0
    private var rowsInGroup = 0
    private var rowGroups: [(rows: Int64, chunks: [ColumnChunkSummary])] = []

    /// Creates the file at `path` (replacing one there when closed) with `columns`.
    public init(path: String, columns: [ParquetColumn], rowGroupRows: Int = 1_000_000) throws {
        self.path = path
        temporaryPath = path + ".partial"
        self.columns = columns
        self.rowGroupRows = rowGroupRows
        writers = columns.map(ParquetColumnWriter.init)
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporaryPath)
        else { throw ParquetError("cannot create \(temporaryPath)") }
        self.handle = handle
        try write(Array("PAR1".utf8))
    }

    /// The writer of the column at `index`, to append the current row's value to.
    @inline(__always)
    public func column(_ index: Int) -> ParquetColumnWriter { writers[index] }

    /// What the current row group holds in memory, in bytes.
    public var bufferedBytes: Int { writers.reduce(0) { $0 + $1.bufferedBytes } }

    /// Ends the current row: every column must have had one value appended.
    public func endRow() throws {
        rowCount += 1
        rowsInGroup += 1
        // Pages are checked every few rows: a page may pass its bound by that much.
        if rowsInGroup & 0xFF == 0 {
            for writer in writers where writer.pageIsFull { try writer.finishPage(compressor, scratch: &scratch) }
        }
        if rowsInGroup >= rowGroupRows { try flushRowGroup() }
    }

    /// Writes the current row group, if it holds any rows.
    public func flushRowGroup() throws {
        guard rowsInGroup > 0 else { return }
        var chunks: [ColumnChunkSummary] = []
        chunks.reserveCapacity(writers.count)
        for writer in writers {
            let chunk = try writer.finishChunk(compressor, scratch: &scratch, offset: offset) { bytes in
                try write(bytes)
            }
            chunks.append(chunk)
        }
        rowGroups.append((Int64(rowsInGroup), chunks))
        rowsInGroup = 0
    }

    /// Writes the last row group and the footer, and gives the file its name.
    public func close() throws {
        try flushRowGroup()
        let footer = ParquetFooter(columns: columns, rowGroups: rowGroups, rows: rowCount).bytes()
        try write(footer)
        let length = UInt32(footer.count)
        try write((0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + Array("PAR1".utf8))
        do {
            try handle.close()
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporaryPath, toPath: path)
        } catch {
            throw ParquetError("cannot write \(path)", cause: error)
        }
    }

    /// Closes and removes the unfinished file.
    public func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }

    private func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw ParquetError("cannot write \(temporaryPath)", cause: error)
        }
        offset += Int64(bytes.count)
    }
}
