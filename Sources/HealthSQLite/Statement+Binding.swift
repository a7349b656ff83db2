import GRDB
import GRDBSQLite
import HealthCore
import HealthExport
import HealthJSON

/// A cached insert statement bound column by column straight through SQLite's C API.
///
/// GRDB's `StatementArguments` box every value; at hundreds of thousands of rows per second the
/// import binds in place instead. Call ``text(_:)`` and friends in column order, then ``run()``.
///
/// Text is copied once, into a row arena the statement owns, and bound as `SQLITE_STATIC`: SQLite
/// then neither allocates nor copies it again. The arena is only reused after ``run()`` has
/// stepped and reset the statement, and every column is bound again before the next step, so
/// SQLite never reads a stale value. A row that does not fit the arena binds the rest as
/// `SQLITE_TRANSIENT` (SQLite copies it).
///
/// A statement may insert several rows (`VALUES (...), (...)`): bind them one after the other.
final class BoundStatement {
    private let statement: Statement
    private let handle: OpaquePointer
    // A statement binds on one thread at a time and never lends these out; the dynamic
    // exclusivity checks of every bound column cost more than binding it.
    @exclusivity(unchecked) private var column: Int32 = 0
    private let arenaOwner: BindingArena
    private let arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaUsed = 0
    private static let arenaCapacity = BindingArena.capacity
    /// Reused by ``json(_:)``, so a JSON column costs no allocation per row.
    @exclusivity(unchecked) private var jsonBuffer = JSONBuffer(capacity: 512)
    /// Writes ``timestamp(_:)``'s text, reusing the day and offset of the previous one.
    @exclusivity(unchecked) private var timestampText = TimestampText()

    /// Wraps a prepared (cached) statement, binding its text in `arena`: statements that are never
    /// bound at the same time may share one.
    init(_ statement: Statement, arena: BindingArena = BindingArena()) {
        self.statement = statement
        handle = statement.sqliteStatement
        arenaOwner = arena
        self.arena = arena.bytes
    }

    deinit {
        // The cached statement may outlive this object: let it hold no pointer into the arena.
        sqlite3_clear_bindings(handle)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    @inline(__always) private func next() -> Int32 {
        column += 1
        return column
    }

    /// Binds `count` bytes at `base` as text, copied into the arena when they fit.
    @inline(__always)
    private func bindText(_ index: Int32, _ base: UnsafeRawPointer, _ count: Int) {
        if arenaUsed + count <= Self.arenaCapacity {
            let destination = arena + arenaUsed
            destination.update(from: base.assumingMemoryBound(to: UInt8.self), count: count)
            arenaUsed += count
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(destination).assumingMemoryBound(to: CChar.self), Int32(count), nil)
        } else {
            _ = sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(count), Self.transient)
        }
    }

    /// Binds text, or NULL.
    func text(_ value: String?) {
        let index = next()
        guard var value else {
            sqlite3_bind_null(handle, index)
            return
        }
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
                return
            }
            bindText(index, base, bytes.count)
        }
    }

    /// Binds a record ID as its canonical text, written straight into the arena.
    func text(_ id: RecordID) {
        let index = next()
        if arenaUsed + 36 <= Self.arenaCapacity {
            let destination = arena + arenaUsed
            id.write(into: destination)
            arenaUsed += 36
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(destination).assumingMemoryBound(to: CChar.self), 36, nil)
        } else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
                id.write(into: buffer.baseAddress!)
                _ = sqlite3_bind_text(
                    handle, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), 36,
                    Self.transient)
            }
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
        bindText(index, base, bytes.count)
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
        if let value, !value.isNaN {
            sqlite3_bind_double(handle, index, value)
        } else {
            sqlite3_bind_null(handle, index)
        }
    }

    /// Binds two columns: the ISO 8601 text with offset, then UTC seconds since 1970.
    func timestamp(_ value: ExportTimestamp?) {
        guard let value else {
            sqlite3_bind_null(handle, next())
            sqlite3_bind_null(handle, next())
            return
        }
        let index = next()
        if arenaUsed + ExportTimestamp.maximumISO8601Length <= Self.arenaCapacity {
            let destination = arena + arenaUsed
            let count = timestampText.write(value, into: destination)
            arenaUsed += count
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(destination).assumingMemoryBound(to: CChar.self), Int32(count), nil)
        } else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ExportTimestamp.maximumISO8601Length) { buffer in
                let count = value.writeISO8601(into: buffer.baseAddress!)
                _ = sqlite3_bind_text(
                    handle, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                    Int32(count), Self.transient)
            }
        }
        integer(value.secondsSince1970)
    }

    /// Binds a JSON value built by `build`, or NULL when it writes nothing.
    func json(_ build: (inout JSONBuffer) -> Void) {
        jsonBuffer.removeAll()
        build(&jsonBuffer)
        if jsonBuffer.bytes.isEmpty { sqlite3_bind_null(handle, next()) } else { text(bytes: jsonBuffer.bytes) }
    }

    /// Runs the insert; returns whether it added a row (`false` when `OR IGNORE` skipped it).
    @discardableResult
    func run() throws -> Bool {
        defer { reset() }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw error(code) }
        return sqlite3_changes(sqlite3_db_handle(handle)) > 0
    }

    /// Runs the insert; returns how many rows it added.
    func runCountingRows() throws -> Int {
        defer { reset() }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw error(code) }
        return Int(sqlite3_changes(sqlite3_db_handle(handle)))
    }

    /// Runs a query whose first row's first column is an integer (`SELECT EXISTS (...)`) and
    /// returns that integer.
    func runQuery() throws -> Int64 {
        defer { reset() }
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW else { throw error(code) }
        return sqlite3_column_int64(handle, 0)
    }

    /// Runs a query, handing each row to `visit` (the statement, to read its columns) until
    /// `visit` returns `false` or the rows end; returns how many rows it visited.
    func visitRows(_ visit: (OpaquePointer) throws -> Bool) throws -> Int {
        defer { reset() }
        var count = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return count }
            guard code == SQLITE_ROW else { throw error(code) }
            count += 1
            if try !visit(handle) { return count }
        }
    }

    /// Forgets the values bound so far without running the statement.
    func discardRow() {
        reset()
    }

    /// Readies the statement for the next row's bindings.
    private func reset() {
        column = 0
        sqlite3_reset(handle)
        arenaUsed = 0
    }

    private func error(_ code: Int32) -> DatabaseError {
        let connection = sqlite3_db_handle(handle)
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
}

/// The memory a ``BoundStatement`` copies its text columns into.
///
/// The statements of one ``RowInserter`` (one per row count) share one: only one of them is bound
/// at a time. With an arena each they added to an import's peak.
final class BindingArena {
    /// Bytes of text one statement execution binds in place; the rest SQLite copies.
    static let capacity = 1 << 16
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)

    deinit { bytes.deallocate() }
}
