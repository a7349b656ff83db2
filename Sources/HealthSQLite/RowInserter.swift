import GRDB
import HealthCore

/// Inserts a known number of rows into one table, up to ``rowsPerStatement`` per statement
/// (`INSERT ... VALUES (...), (...), ...`).
///
/// Every execution of a statement costs SQLite a fixed price (opening a cursor and finding the
/// page from the root, closing it, halting), about as much as inserting a row; sharing it
/// between many rows is most of what makes a bulk import fast. Announce the rows with
/// ``begin(rows:)``, then for each row bind its columns to ``row()`` and call ``endRow()``.
///
/// Complexity: one statement per ``rowsPerStatement`` rows, plus one for the rest; statements
/// are prepared once per row count and kept.
final class RowInserter {
    /// Rows per statement at most.
    static let rowsPerStatement = 32

    private let db: Database
    private let head: String
    private let values: String
    private var statements: [BoundStatement?]
    /// One statement is bound at a time: they share the memory their text is bound from.
    private let arena = BindingArena()
    private var current: BoundStatement?
    private var capacity = 0
    private var bound = 0
    private var remaining = 0

    /// An inserter running `head` (`INSERT OR IGNORE INTO t (a, b)`) with `columns` values per row.
    init(_ db: Database, _ head: String, columns: Int) {
        self.db = db
        self.head = head
        values = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        statements = Array(repeating: nil, count: Self.rowsPerStatement + 1)
    }

    /// The statement inserting `rows` rows.
    func statement(rows: Int) throws -> BoundStatement {
        if let statement = statements[rows] { return statement }
        let sql = head + " VALUES " + Array(repeating: values, count: rows).joined(separator: ", ")
        let statement = BoundStatement(try db.cachedStatement(sql: sql), arena: arena)
        statements[rows] = statement
        return statement
    }

    /// Announces the next `rows` rows.
    func begin(rows: Int) {
        precondition(bound == 0, "rows announced before the previous ones were all inserted")
        remaining = rows
        current = nil
    }

    /// The statement to bind the next row's columns to.
    func row() throws -> BoundStatement {
        if let current { return current }
        capacity = min(remaining, Self.rowsPerStatement)
        let statement = try statement(rows: capacity)
        current = statement
        return statement
    }

    /// Ends the row whose columns were just bound, inserting the rows bound so far when the
    /// statement is full.
    func endRow() throws {
        bound += 1
        guard bound == capacity, let statement = current else { return }
        remaining -= bound
        bound = 0
        current = nil
        try statement.run()
    }
}
