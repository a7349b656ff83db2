import ArgumentParser
import HealthExport
import HealthSync

/// `healthimport summary PATH`: what an export holds.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what an export holds: its date, version, locale, counts and date ranges per type, sources."
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    func run() throws {
        try CommandRunner.run {
            let reader = try ExportInput.open(input.path)
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            var summary = ExportSummary()
            summary.read = try reader.read { record in
                try Interrupt.check()
                summary.add(record)
                progress.tick(bytes: reader.bytesRead)
            }
            progress.finish()
            try StandardOutput.print(json ? summary.json : SummaryText.render(summary))
        }
    }
}
