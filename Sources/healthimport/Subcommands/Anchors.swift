import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// `healthimport anchors`: the per-type anchors, and `anchors reset`.
struct Anchors: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anchors",
        abstract: "Show the per-type anchors incremental imports start from.",
        subcommands: [List.self, Reset.self],
        defaultSubcommand: List.self
    )

    /// `anchors list` (the default).
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the anchors.")

        @OptionGroup var store: StoreOptions

        @Flag(help: "Print the anchors as JSON.")
        var json = false

        func run() throws {
            try CommandRunner.run {
                let healthStore = try StoreOpener.open(store.db, readOnly: true, person: store.person)
                let anchors = try healthStore.anchors()
                if anchors.isEmpty { try StoreOpener.requireKnownPerson(healthStore) }
                try StandardOutput.print(json ? StatusText.json(anchors) : StatusText.text(anchors))
            }
        }
    }

    /// `anchors reset [--type T]`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Forget anchors, so the next import reads the default window again (rows are kept).")

        @OptionGroup var store: StoreOptions

        @Option(
            name: .customLong("type"),
            help: ArgumentHelp(
                "Only this type's anchor (an identifier, a short or friendly name such as steps, or a kind); repeatable.",
                valueName: "type"))
        var types: [String] = []

        func validate() throws {
            do { _ = try TypeSelection(types) } catch { throw ValidationError(error.description) }
        }

        func run() throws {
            try CommandRunner.run {
                let healthStore = try StoreOpener.open(store.db, person: store.person)
                try StoreOpener.requireKnownPerson(healthStore)
                var chosen: [String]?
                if !types.isEmpty {
                    let selection = try TypeSelection(types)
                    chosen = try healthStore.anchors().keys.filter { selection.selects(storedType: $0) }.sorted()
                    if chosen!.isEmpty {
                        throw CommandFailure(
                            "the store has no anchor of \(types.joined(separator: ", ")) (healthimport anchors lists them)"
                        )
                    }
                }
                let count = try healthStore.resetAnchors(types: chosen)
                Diagnostics.print("healthimport: reset \(count) anchor\(count == 1 ? "" : "s")")
            }
        }
    }
}
