#if PostgreSQL
import HealthCore
import NIOCore
import PostgresNIO

extension PostgresStore {
    /// Runs `query` on `connection`, handing each row to `body` as it arrives, for reads of many
    /// rows (statistics' samples, the deletion check's stored records).
    ///
    /// `body` runs on the connection's event loop, row after row as the driver decodes them,
    /// while this thread waits: iterated as an async sequence instead, every row cost a task
    /// switch and a cancellation handler, and collected first, the rows of a read all at once.
    func stream(
        _ query: PostgresQuery, on connection: PostgresConnection,
        _ body: @escaping (PostgresRow) throws -> Void
    ) throws {
        let url = self.url
        // Only the event loop calls it, one row at a time, while the caller waits.
        nonisolated(unsafe) let body = body
        try Blocking.run(watching: connection, url: url) {
            do {
                _ = try await connection.query(query, logger: Self.logger) { row in try body(row) }.get()
            } catch let error as PSQLError {
                throw StoreError.postgres(error, url: url)
            }
        }
    }
}

/// Values read straight from a row's cells in PostgreSQL's binary format, for the hot loops;
/// a cell in another type or format is decoded the usual way.
enum RowCells {
    @inline(__always)
    static func int64(_ cell: PostgresCell) throws -> Int64 {
        if cell.format == .binary, cell.dataType == .int8, let bytes = cell.bytes, bytes.readableBytes == 8 {
            return bytes.getInteger(at: bytes.readerIndex, as: Int64.self)!
        }
        return try cell.decode(Int64.self)
    }

    @inline(__always)
    static func double(_ cell: PostgresCell) throws -> Double? {
        guard let bytes = cell.bytes else { return nil }
        if cell.format == .binary, cell.dataType == .float8, bytes.readableBytes == 8 {
            return Double(bitPattern: bytes.getInteger(at: bytes.readerIndex, as: UInt64.self)!)
        }
        return try cell.decode(Double.self)
    }

    /// A record's ID from its text, without a `String` when the text is in the canonical form.
    @inline(__always)
    static func recordID(_ cell: PostgresCell) -> RecordID? {
        guard let bytes = cell.bytes else { return nil }
        return bytes.withUnsafeReadableBytes { RecordID(utf8: $0) } ?? RecordID(String(buffer: bytes))
    }
}
#endif
