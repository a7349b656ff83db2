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

    /// Refuses a `--person` other than the default beside an SQLite store, which holds one
    /// person's data.
    func requirePostgresForPerson() throws {
        try Self.requirePostgres(for: person, db: db)
    }

    /// Refuses `person`, other than the default, beside the SQLite store `db`.
    static func requirePostgres(for person: String?, db: String) throws {
        guard let person, person != defaultPerson, !isPostgres(db) else { return }
        throw CommandFailure(
            "--person \(person) needs a PostgreSQL store (--db postgresql://...); an SQLite store holds one person's data",
            exitCode: 64)
    }
}
