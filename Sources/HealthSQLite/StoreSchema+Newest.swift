import GRDB

/// A new store gets the newest schema in one step instead of migration by migration.
///
/// Each `ALTER TABLE` and table rebuild of a migration makes SQLite parse the whole schema
/// again, so running them all on an empty file is a fixed cost that most of a small import
/// would spend there. An older store is still migrated step by step.
extension StoreSchema {
    /// Creates the newest schema in `queue` if it holds nothing yet, and records every
    /// migration as applied, as ``migrator`` would have left it.
    ///
    /// The check and the creation share one immediate transaction, so that two processes
    /// opening the same new file do not both create it. `NewestSchemaTests` checks that the
    /// result has the same `sqlite_master` and version as running the migrations.
    static func createNewestIfEmpty(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 else { return .commit }
                try db.execute(sql: newestStatements.joined(separator: ";\n"))
                for identifier in migrator.migrations {
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
                }
                try db.execute(sql: "PRAGMA user_version = \(version)")
                return .commit
            }
        }
    }
}
