import ArgumentParser

/// The store to use: `--db`.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The SQLite store (created when missing).", valueName: "path"))
    var db = "health.sqlite"
}
