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
}
