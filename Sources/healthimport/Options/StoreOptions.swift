import ArgumentParser

/// The store to use: `--db`, and whose data in it: `--person`.
struct StoreOptions: ParsableArguments {
    static let defaultPerson = "me"

    @Option(
        help: ArgumentHelp(
            "The SQLite store (created when missing), or a PostgreSQL database (postgresql://user@host/db).",
            valueName: "path-or-url"))
    var db = "health.sqlite"

    @Option(
        help: ArgumentHelp(
            "Whose data, in a PostgreSQL store shared by several people (default: me).", valueName: "name"))
    var person: String?

    func validate() throws {
        if db.isEmpty {
            throw ValidationError("--db takes the store's file, or a postgresql:// URL, not an empty name.")
        }
    }

    /// Whether `location` names a PostgreSQL database (`postgresql://` or `postgres://`) rather than an SQLite file.
    static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }
}

/// What a command says when it is given a PostgreSQL store and this build left PostgreSQL out.
enum PostgresSupport {
    /// The failure: how to build a `healthimport` that has it.
    static var missing: CommandFailure {
        CommandFailure(
            "this healthimport was built without PostgreSQL: build it with `swift build -c release --traits PostgreSQL`",
            exitCode: 64)
    }
}
