#if !PostgreSQL
import ArgumentParser

/// `healthimport serve` in a build without the PostgreSQL trait: says how to build one with it.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the sync API (needs a build with --traits PostgreSQL).")

    @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []

    func run() throws { try CommandRunner.run { throw PostgresSupport.missing } }
}

/// `healthimport people` in a build without the PostgreSQL trait: says how to build one with it.
struct People: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people", abstract: "Manage the people of a PostgreSQL store (needs --traits PostgreSQL).")

    @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []

    func run() throws { try CommandRunner.run { throw PostgresSupport.missing } }
}

/// `healthimport simulate-phone` in a build without the PostgreSQL trait: says how to build one with it.
struct SimulatePhone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-phone",
        abstract: "Replay an export as a phone syncing live to a `serve` server (needs --traits PostgreSQL).")

    @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []

    func run() throws { try CommandRunner.run { throw PostgresSupport.missing } }
}
#endif
