import GRDB

/// Turns SQLite's foreign key checks off on the writer's connection while it imports.
///
/// Sample rows refer to `sample_types`, `sample_sources` and `devices` by integer key. The writer
/// takes every such key from ``SampleKeys``, which adds the referenced row first, in the same
/// transaction, and forgets its keys when a transaction rolls back. SQLite's own check repeats that
/// work for every row: three B-tree seeks, and a statement journal for every statement that might
/// fail halfway: a large share of the writer's instructions.
enum ForeignKeyChecks {
    /// Runs `body` with the checks off, then turns them on again if they were on.
    ///
    /// Must be called outside a transaction: SQLite ignores the pragma inside one.
    static func withoutChecks<Result>(_ db: Database, _ body: () throws -> Result) throws -> Result {
        let wereOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        guard wereOn else { return try body() }
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        return try body()
    }
}
