import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthReport

/// `healthimport report`: one self-contained HTML page of charts from the store.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report of the store: weight, steps, heart, sleep, workouts, rings.",
        discussion: """
            One self-contained file (inline SVG and CSS; no script, nothing fetched), readable \
            offline and printable, light or dark as the viewer prefers. The store is only read: an \
            SQLite file, or a person's rows of a PostgreSQL database (--db postgresql://... --person NAME).
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The HTML file to write, or - for standard output.", valueName: "path"))
    var output = "report.html"

    @Option(help: ArgumentHelp("Show only records from this day on (yyyy-MM-dd).", valueName: "yyyy-MM-dd"))
    var since: String?

    func validate() throws {
        if let since, !DayText.isValid(since) {
            throw ValidationError("--since '\(since)' is not a date: write it as yyyy-MM-dd.")
        }
    }

    func run() throws {
        try CommandRunner.run {
            Interrupt.endAtOnce()
            let (options, since) = (store, since)
            let html = try AsyncWait.run {
                let reader = try await StoreOpener.reader(options)
                return try await HealthReport.render(reader, since: since, generated: ExportTimestamp.now.iso8601)
            }
            // Written whole or not at all; `-` is standard output.
            let file = try OutputFile(path: output)
            do {
                file.output.buffer.raw(html)
                try file.commit()
            } catch {
                file.discard()
                throw error
            }
        }
    }
}
