import GRDB
import HealthFixtures
import Testing

@testable import HealthSQLite

@Suite struct RowInserterTests {
    /// Inserts `count` rows of (n, n × 10) through a ``RowInserter`` and returns the table.
    static func insert(_ count: Int) throws -> [[Int]] {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER)")
            let inserter = RowInserter(db, "INSERT OR IGNORE INTO t (a, b)", columns: 2)
            inserter.begin(rows: count)
            for n in 0..<count {
                let row = try inserter.row()
                row.integer(Int64(n))
                row.integer(Int64(n * 10))
                try inserter.endRow()
            }
            return try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY a").map { [$0[0], $0[1]] }
        }
    }

    @Test(
        "Every announced row is inserted, whether the count is below, at or across the rows per statement",
        arguments: [
            1, 2, RowInserter.rowsPerStatement - 1, RowInserter.rowsPerStatement,
            RowInserter.rowsPerStatement + 1, 3 * RowInserter.rowsPerStatement + 5,
        ])
    func insertsEveryRow(count: Int) throws {
        #expect(try Self.insert(count) == (0..<count).map { [$0, $0 * 10] })
    }

    @Test("Consecutive runs reuse the prepared statements and insert exactly their own rows")
    func consecutiveRuns() throws {
        let queue = try DatabaseQueue()
        let rows = try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER)")
            let inserter = RowInserter(db, "INSERT OR IGNORE INTO t (a, b)", columns: 2)
            var next = 0
            for run in [5, 40, 1, 32] {
                inserter.begin(rows: run)
                for _ in 0..<run {
                    let row = try inserter.row()
                    row.integer(Int64(next))
                    row.integer(Int64(run))
                    try inserter.endRow()
                    next += 1
                }
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0
        }
        #expect(rows == 78)
    }
}
