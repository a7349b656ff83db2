import GRDB
import GRDBSQLite

/// Rows per (type, source) pair of a table, counted in one pass over its rows.
///
/// A `GROUP BY source_name, type` sorts every row, which takes long on a store of many years.
/// The pairs are few and come in runs, so one
/// pass comparing each row's bytes with the pair before it, through SQLite's C API, does the
/// same without sorting and without a `String` per row.
struct SourceCounts {
    private var types: [[UInt8]] = []
    private var sources: [[UInt8]] = []
    private var counts: [Int] = []
    private var last = -1

    /// Counts the rows of `sql`, whose columns are the type and the source.
    mutating func count(_ db: Database, sql: String, arguments: StatementArguments = []) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
            }
            add(type: Self.bytes(handle, 0), source: Self.bytes(handle, 1))
        }
    }

    /// Every pair with its rows.
    var pairs: [(type: String, source: String, rows: Int)] {
        counts.indices.map {
            (String(decoding: types[$0], as: UTF8.self), String(decoding: sources[$0], as: UTF8.self), counts[$0])
        }
    }

    private mutating func add(type: UnsafeRawBufferPointer, source: UnsafeRawBufferPointer) {
        if last >= 0, Self.equal(types[last], type), Self.equal(sources[last], source) {
            counts[last] += 1
            return
        }
        if let found = counts.indices.first(where: { Self.equal(types[$0], type) && Self.equal(sources[$0], source) }) {
            last = found
            counts[found] += 1
            return
        }
        types.append(Array(type))
        sources.append(Array(source))
        counts.append(1)
        last = counts.count - 1
    }

    private static func bytes(_ handle: OpaquePointer, _ column: Int32) -> UnsafeRawBufferPointer {
        guard let text = sqlite3_column_text(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
    }

    private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.count == bytes.count && stored.withUnsafeBytes { $0.elementsEqual(bytes) }
    }
}
