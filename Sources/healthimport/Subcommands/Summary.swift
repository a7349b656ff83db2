import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// `healthimport summary PATH`: what an export holds.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show what an export holds: its date, version, locale, counts and date ranges per type, sources."
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    func run() throws {
        try CommandRunner.run {
            var progress: Progress?
            let summary = try ExportSummary.read(
                opening: {
                    progress?.finish()
                    let reader = try ExportInput.open(input.path)
                    progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
                    return reader
                },
                reopenable: input.path != "-",
                countsMember: CorrelationMembers.summaryRule,
                progress: { reader in
                    try Interrupt.check()
                    progress?.tick(bytes: reader.bytesRead)
                })
            progress?.finish()
            try StandardOutput.print(json ? summary.json : SummaryText.render(summary))
            // The notes and warnings `records` and `import` print for the same export.
            if !input.quiet { RunReport.warnings(summary.read) }
        }
    }
}
