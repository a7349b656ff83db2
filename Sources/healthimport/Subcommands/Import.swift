import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// `healthimport import PATH`: incremental import into the SQLite store.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an export into an SQLite store, taking only what is new.",
        discussion: """
            The first import of a type takes the 30 days before the export's date (--all for the \
            whole history, --since or --days for another window). Later imports take, per type, \
            everything created since the last one, whatever its date, and skip the rest without \
            looking it up. Records whose content can change (activity summaries, workouts) are \
            compared and updated; a higher sync version replaces a record; stored records the \
            export no longer holds in its window are marked deleted. Counts per type go to \
            standard error (--json: standard output).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions
    @OptionGroup var store: StoreOptions

    @Flag(help: "Read the export even if this very export was imported before.")
    var force = false

    @Flag(help: "Print the counts as one JSON object on standard output.")
    var json = false

    @Flag(
        help:
            "Mark deletions even when the export lacks more than 10 % (and more than 100) of a type's stored records in its window."
    )
    var acceptDeletions = false

    func run() throws {
        try CommandRunner.run {
            let package = try ExportPackage.open(input.path)
            let signature = ExportSignature.of(path: input.path, package: package)
            let reader = try package.makeReader()
            let healthStore = try StoreOpener.open(store.db, person: store.person)
            var options = ImportOptions()
            options.window = selection.window
            options.windowGiven = selection.windowGiven
            options.selection = try selection.selection()
            options.force = force
            options.acceptDeletions = acceptDeletions
            let importer = Importer(destination: healthStore)
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            importer.checkStop = { try Interrupt.check() }
            importer.isInterruption = { $0 is Interrupt.Requested }
            importer.progress = { progress.tick(bytes: $0.bytesRead) }
            let result: ImportResult
            do {
                result = try importer.run(
                    reader: reader, input: input.path, signature: signature, options: options)
            } catch {
                progress.finish()
                if error is Interrupt.Requested {
                    Diagnostics.print(
                        importer.commitsAtEnd
                            ? "healthimport: stopped; the store is as it was (this import commits at its end), run it again to import the export"
                            : "healthimport: stopped; what was read so far is committed, run the import again to finish"
                    )
                }
                // Within the run, a database that cannot be reached was there when it began.
                if let error = error as? StoreError, error.code == .unavailable {
                    throw StoreError(
                        .unavailable,
                        "\(error.message) during the import (what was committed is kept; run the import again)")
                }
                throw error
            }
            progress.finish()
            if let earlier = result.sameExport {
                let message =
                    "healthimport: \(input.path) is the export imported on \(earlier.started) (import #\(earlier.id)); nothing to do (--force to read it again)"
                if json {
                    var out = JSONBuffer()
                    out.beginObject()
                    out.field("sameExportAs", Int(earlier.id))
                    out.endObject()
                    out.newline()
                    try StandardOutput.print(String(decoding: out.bytes, as: UTF8.self))
                }
                if !input.quiet || !json { Diagnostics.print(message) }
                return
            }
            guard let report = result.report else { return }
            if json {
                try StandardOutput.print(
                    String(
                        decoding: CountsReport.json(report.counts, importID: result.importID, read: report.read),
                        as: UTF8.self))
            }
            if !input.quiet {
                Diagnostics.print(
                    "healthimport: import #\(result.importID ?? 0) into \(healthStore.location) (\(selection.window))")
                Diagnostics.print(CountsReport.text(report.counts))
                RunReport.noteUnmatched(types: selection.types, report, input: input.path)
                RunReport.warnings(report.read)
            }
            if !result.anchorsDropped.isEmpty {
                Diagnostics.print(
                    "healthimport: note: the deletions accepted in \(result.anchorsDropped.sorted().joined(separator: ", ")) show the store's anchors did not describe this export; they were dropped: run `healthimport import \(input.path) --force` to add the records they skipped"
                )
            }
        }
    }
}
