import ArgumentParser
import HealthCore
import HealthWatch

/// `healthimport watch DIR`: imports every export that lands in a folder.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a folder and import every export that lands in it or below it.",
        discussion: """
            Each export (a zip, an export folder, an export.xml) is imported once it is complete: \
            its size has stopped changing and, for a zip, its central directory reads. The same \
            export dropped twice is recognised and skipped; a newer one imports only what is new. \
            One line per import on standard error (--json: one JSON object per import on standard \
            output). A broken export is reported and skipped; a locked store is waited for. \
            SIGTERM or Ctrl-C finishes the current transaction and exits 0.
            """
    )

    @Argument(help: "The folder to watch.")
    var folder: String

    @OptionGroup var selection: SelectionOptions
    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Look every SECONDS instead of using the system's file events.", valueName: "seconds"))
    var poll: Double?

    @Option(help: ArgumentHelp("Take an export once it has not changed for SECONDS.", valueName: "seconds"))
    var settle: Double = 2

    @Flag(help: "Print one JSON object per import on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only failures on standard error.")
    var quiet = false

    func validate() throws {
        if let poll, !(poll > 0) { throw ValidationError("--poll must be a positive number of seconds.") }
        if !(settle >= 0) { throw ValidationError("--settle must be zero or more seconds.") }
    }

    func run() throws {
        try CommandRunner.run {
            try store.requirePostgresForPerson()
            let watcher = FolderWatcher(root: folder, settle: settle, poll: poll)
            guard watcher.rootExists else {
                throw CommandFailure("\(folder) is not a folder")
            }
            var options = ImportOptions()
            options.window = selection.window
            options.windowGiven = selection.windowGiven
            options.selection = try selection.selection()
            let importing = WatchImport(
                db: store.db, person: store.person, options: options, json: json, quiet: quiet, lockedRetry: 2)
            if !quiet {
                Diagnostics.print("healthimport: watch: watching \(watcher.root) for exports into \(store.db)")
            }
            var stop: WatchImport.Stop?
            watcher.shouldStop = { stop != nil || Interrupt.isRequested }
            watcher.skipped = { importing.skipped($0, reason: $1) }
            watcher.run { export in
                do throws(WatchImport.Stop) {
                    return try importing.run(export)
                } catch {
                    stop = error
                    return .done
                }
            }
            if case .fatal(let error) = stop { throw error }
            if !quiet { Diagnostics.print("healthimport: watch: stopped") }
        }
    }
}
