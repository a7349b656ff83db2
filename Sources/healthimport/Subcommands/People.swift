#if PostgreSQL
import ArgumentParser
import HealthCore
import HealthPostgres

/// `healthimport people add|list|remove|key|erase|export`: who may use the sync server, with
/// their API keys, and their data.
struct People: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "Manage the people of a PostgreSQL store and their API tokens for `serve`.",
        subcommands: [Add.self, List.self, Remove.self, Key.self, Erase.self, Export.self, Webhook.self],
        defaultSubcommand: List.self
    )

    /// `--db`: a PostgreSQL store.
    struct Database: ParsableArguments {
        @Option(help: ArgumentHelp("The PostgreSQL store (postgresql://user@host/db).", valueName: "url"))
        var db: String

        /// Runs `body` with the store, for `person`'s rows where a command reads or changes
        /// them, waiting for it; the store is closed when `body` ends.
        func run<Value: Sendable>(
            person: String = "me", _ body: @escaping @Sendable (PostgresStore) async throws -> Value
        ) throws -> Value {
            guard PostgresURL.isPostgres(db) else {
                throw CommandFailure("people live in a PostgreSQL store: pass --db postgresql://...", exitCode: 64)
            }
            let url = try PostgresURL(db)
            return try AsyncWait.run {
                try await PostgresStore.withConnection(
                    url: url, person: person, announceMigrations: StoreOpener.announce, body)
            }
        }
    }

    /// `people add NAME`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract:
                "Add a person (or give them a new token); prints their API token once, alone on the last line.",
            discussion:
                "The store keeps only the token's SHA-256: it cannot be shown again. Adding a person again revokes every key of theirs and gives them this one (people key add gives more)."
        )

        @Argument(help: "The person's name (one word), as --person and the server use it.")
        var name: String

        @Option(help: "What the key may do: read, write (upload, erase) or admin (also /api/admin/...).")
        var scope: ScopeArgument = .write

        @OptionGroup var database: Database

        func run() throws {
            try CommandRunner.run {
                let (name, scope) = (name, self.scope.scope)
                let token = try database.run { try await $0.addPerson(name, scope: scope) }
                Diagnostics.print("healthimport: \(name) can use the sync server with this token (shown once):")
                try StandardOutput.print(token + "\n")
            }
        }
    }

    /// `people list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the people and their backfill.")

        @OptionGroup var database: Database

        func run() throws {
            try CommandRunner.run {
                let people = try database.run { try await $0.people() }
                var text = ""
                for person in people {
                    let backfill =
                        person.backfillComplete
                        ? "backfill complete \(person.backfillDate ?? "")" : "backfill needed"
                    text += "\(person.name)\tadded \(person.created)\t\(backfill)\n"
                }
                try StandardOutput.print(text)
            }
        }
    }

    /// `people remove NAME`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a person and their token; their rows stay in the store.")

        @Argument(help: "The person's name.")
        var name: String

        @OptionGroup var database: Database

        func run() throws {
            try CommandRunner.run {
                let name = name
                guard try database.run({ try await $0.removePerson(name) }) else {
                    throw CommandFailure("no person \(name) (healthimport people list)")
                }
                Diagnostics.print("healthimport: removed \(name); their token no longer works")
            }
        }
    }
}
#endif
