extension StoreOptions {
    /// Refuses a PostgreSQL `--db` or a `--person` for `command`, which reads the SQLite store only
    /// (see docs/schema-postgres.md).
    func requireSQLite(_ command: String) throws {
        if Self.isPostgres(db) {
            throw CommandFailure(
                "\(command) reads SQLite stores only, not PostgreSQL (see docs/schema-postgres.md)",
                exitCode: 64)
        }
        if let person, person != Self.defaultPerson {
            throw CommandFailure(
                "--person \(person) needs a PostgreSQL store, which \(command) does not read", exitCode: 64)
        }
    }
}
