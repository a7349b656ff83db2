import GRDB
import GRDBSQLite
import HealthExport

/// A cached insert statement bound column by column straight through SQLite's C API.
///
/// GRDB's `StatementArguments` box every value; at hundreds of thousands of rows per second the
/// import binds in place instead. Call ``text(_:)`` and friends in column order, then ``run()``.
final class BoundInsert {
    private let statement: Statement
    private let handle: OpaquePointer
    private var column: Int32 = 0
    private var scratch: [UInt8] = []

    /// Wraps a prepared (cached) statement.
    init(_ statement: Statement) {
        self.statement = statement
        handle = statement.sqliteStatement
        scratch.reserveCapacity(64)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    @inline(__always) private func next() -> Int32 {
        column += 1
        return column
    }

    /// Binds text, or NULL.
    func text(_ value: String?) {
        let index = next()
        guard var value else {
            sqlite3_bind_null(handle, index)
            return
        }
        value.withUTF8 { bytes in
            _ = sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    /// Binds raw UTF-8 bytes as text.
    func text(bytes: [UInt8]) {
        bytes.withUnsafeBytes { text(bytes: $0) }
    }

    /// Binds raw UTF-8 bytes as text.
    func text(bytes: UnsafeRawBufferPointer) {
        let index = next()
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
            return
        }
        _ = sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient)
    }

    /// Binds an integer, or NULL.
    func integer(_ value: Int64?) {
        let index = next()
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds an integer, or NULL.
    func integer(_ value: Int?) {
        integer(value.map(Int64.init))
    }

    /// Binds a real, or NULL (NaN is stored as NULL).
    func real(_ value: Double?) {
        let index = next()
        if let value, !value.isNaN { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds two columns: the ISO 8601 text with offset, then UTC seconds since 1970.
    func timestamp(_ value: ExportTimestamp?) {
        guard let value else {
            sqlite3_bind_null(handle, next())
            sqlite3_bind_null(handle, next())
            return
        }
        scratch.removeAll(keepingCapacity: true)
        value.appendISO8601(to: &scratch)
        text(bytes: scratch)
        integer(value.secondsSince1970)
    }

    /// Binds a JSON value built by `build`, or NULL when it writes nothing.
    func json(_ build: (inout JSONBuffer) -> Void) {
        var buffer = JSONBuffer(capacity: 512)
        build(&buffer)
        if buffer.bytes.isEmpty { sqlite3_bind_null(handle, next()) } else { text(bytes: buffer.bytes) }
    }

    /// Runs the insert; returns whether it added a row (`false` when `OR IGNORE` skipped it).
    @discardableResult
    func run() throws -> Bool {
        defer {
            column = 0
            sqlite3_reset(handle)
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let connection = sqlite3_db_handle(handle)
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
            throw DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
        }
        return sqlite3_changes(sqlite3_db_handle(handle)) > 0
    }
}
