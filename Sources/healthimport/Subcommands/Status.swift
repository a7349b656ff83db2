import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// `healthimport status`: what the store covers, per type, and the last imports.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the store holds: per type the covered window, the newest record and the last import."
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the status as one JSON object.")
    var json = false

    func run() throws {
        try CommandRunner.run {
            let healthStore = try StoreOpener.open(store.db, readOnly: true, person: store.person)
            let status = try healthStore.status()
            if status.imports.isEmpty { try StoreOpener.requireKnownPerson(healthStore) }
            try StandardOutput.print(json ? StatusText.json(status) : StatusText.text(status))
        }
    }
}
