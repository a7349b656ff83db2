import GRDB
import GRDBSQLite

/// Rows of a query read straight through SQLite's C API: no `Row`, no boxed value, no `String` unless asked.
///
/// For the statistics, which read every sample of a type; `GRDB`'s `Row` costs more than SQLite's own
/// stepping at that rate.
struct RawRows {
    private let statement: Statement
    private let handle: OpaquePointer
    private let db: Database

    init(_ db: Database, sql: String, arguments: StatementArguments) throws {
        self.db = db
        // Cached: the statistics run the same few queries for every type and month.
        statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        handle = statement.sqliteStatement
    }

    /// Steps to the next row; `false` at the end.
    mutating func next() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(handle)
        if code == SQLITE_DONE { return false }
        throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: statement.sql)
    }

    @inline(__always) func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    @inline(__always) func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    @inline(__always) func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column's text bytes, valid until the next step; empty for NULL.
    @inline(__always) func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let pointer = sqlite3_column_text(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The column's text, or `nil` for NULL.
    func text(_ column: Int32) -> String? {
        guard !isNull(column) else { return nil }
        return String(decoding: bytes(column), as: UTF8.self)
    }
}
