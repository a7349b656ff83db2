#if PostgreSQL
import ArgumentParser
import HealthCore
import HealthPostgres

extension People {
    /// `people key add|list|revoke`: several keys per person, each with a scope.
    struct Key: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "key",
            abstract: "Manage a person's API keys: several per person, each read, write or admin.",
            subcommands: [Add.self, List.self, Revoke.self]
        )

        /// `people key add NAME --scope S [--name LABEL]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Give a person one more key; prints its id, then its token once, alone on the last line.")

            @Argument(help: "The person's name.")
            var person: String

            @Option(help: "What the key may do: read, write (upload, erase) or admin (also /api/admin/...).")
            var scope: ScopeArgument = .read

            @Option(
                help: ArgumentHelp(
                    "A label for the key (one word), such as the device using it.", valueName: "label"))
            var name = "default"

            @OptionGroup var database: Database

            func run() throws {
                try CommandRunner.run {
                    let (person, scope, name) = (self.person, self.scope.scope, self.name)
                    let issued = try database.run { try await $0.addKey(person: person, scope: scope, name: name) }
                    Diagnostics.print(
                        "healthimport: key \(issued.key.id) (\(name), \(scope.rawValue)) for \(person); its token (shown once):"
                    )
                    try StandardOutput.print(issued.token + "\n")
                }
            }
        }

        /// `people key list NAME`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List a person's keys: id, name, scope, created (never the tokens).")

            @Argument(help: "The person's name.")
            var person: String

            @OptionGroup var database: Database

            func run() throws {
                try CommandRunner.run {
                    let person = self.person
                    let keys = try database.run { try await $0.keys(of: person) }
                    try StandardOutput.print(
                        keys.map { "\($0.id)\t\($0.name)\t\($0.scope.rawValue)\tadded \($0.created)\n" }.joined())
                }
            }
        }

        /// `people key revoke KEY_ID`.
        struct Revoke: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "revoke", abstract: "Revoke a key: its token stops working at once.")

            @Argument(help: ArgumentHelp("The key's id (people key list NAME).", valueName: "key-id"))
            var id: String

            @OptionGroup var database: Database

            func run() throws {
                try CommandRunner.run {
                    let id = self.id
                    guard let key = try database.run({ try await $0.revokeKey(id: id) }) else {
                        throw CommandFailure("no key \(id) (healthimport people key list NAME)")
                    }
                    Diagnostics.print(
                        "healthimport: revoked \(key.id) (\(key.name), \(key.scope.rawValue)) of \(key.person)")
                }
            }
        }
    }
}
#endif
