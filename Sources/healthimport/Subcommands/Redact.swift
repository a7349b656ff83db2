import ArgumentParser
import HealthCore
import HealthExport
import HealthRedact

/// `healthimport redact PATH -o OUT.zip`: a copy of the export that can be shared with a bug report.
struct Redact: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Write a redacted copy of the export, to share with a bug report.",
        discussion: """
            The copy is an export.zip that reads like the original: every date moved by the same \
            whole number of weeks, source names replaced by Source 1, Source 2, ..., devices by \
            their model, identifiers by keyed hashes, the date of birth cut to its year, routes \
            without their first and last 500 m, ECGs without name and date of birth; clinical \
            records and export_cda.xml left out. The whole history unless --type, --days or \
            --since cut it down (measured on the original dates). See docs/redact.md.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The zip to write, or - for standard output.", valueName: "OUT.zip"))
    var output: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Move every date by N days, a multiple of 7 (default: a random number of weeks back, 1 to 10 years).",
            valueName: "N"))
    var shiftDays: Int?

    func validate() throws {
        if let shiftDays, shiftDays % 7 != 0 {
            throw ValidationError(
                "--shift-days must be a multiple of 7, so that days of the week stay true: \(shiftDays) is not.")
        }
        if let shiftDays, abs(shiftDays) > Self.longestShift {
            throw ValidationError(
                "--shift-days must be within ±\(Self.longestShift) days (a thousand years), so that every date stays a date: \(shiftDays) is not."
            )
        }
        if output == input.path, output != "-" {
            throw ValidationError("-o must name a new file, not the export itself.")
        }
    }

    /// The longest move of dates: a multiple of 7 near a thousand years.
    static let longestShift = 365_246

    func run() throws {
        try CommandRunner.run {
            let package = try ExportPackage.open(input.path)
            try InputGuard.refuse(output: output, overwriting: [input.path, package.exportName], what: "export")
            let shift = shiftDays.map(DateShift.init(days:)) ?? RedactOptions.randomShift()
            let options = RedactOptions(
                shift: shift, hash: .random(), selection: try selection.selection(),
                window: selection.windowGiven ? selection.window : .all)
            let report: RedactReport
            do {
                report = try ExportRedactor(options: options).redact(package, to: output) { try Interrupt.check() }
            } catch let error as RedactError {
                throw CommandFailure(error.message)
            }
            if !input.quiet {
                for warning in report.warnings.prefix(20) { Diagnostics.print(warning) }
                if report.warnings.count > 20 {
                    Diagnostics.print("healthimport: warning: \(report.warnings.count - 20) more warnings not shown")
                }
            }
            if report.clinicalRecordsLeftOut > 0 || report.hadClinicalDocument {
                var parts: [String] = []
                if report.hadClinicalDocument { parts.append("export_cda.xml") }
                if report.clinicalRecordsLeftOut > 0 {
                    let count = report.clinicalRecordsLeftOut
                    parts.append("\(count) clinical record\(count == 1 ? "" : "s")")
                }
                Diagnostics.print(
                    "healthimport: note: left out \(parts.joined(separator: " and ")) (health-record data)")
            }
            guard !input.quiet else { return }
            let weeks = report.shiftDays / 7
            Diagnostics.print(
                "healthimport: wrote \(output == "-" ? "standard output" : output): \(report.elementsWritten) elements"
                    + (report.elementsNotSelected > 0 ? " (\(report.elementsNotSelected) not selected)" : "")
                    + ", \(report.sources) sources, \(report.routeFiles) route files"
                    + " (\(report.routePointsDropped + report.inlinePointsDropped) points dropped at their ends)"
                    + ", \(report.electrocardiograms) ECG\(report.electrocardiograms == 1 ? "" : "s")"
                    + "; dates moved by \(report.shiftDays) days"
                    + " (\(abs(weeks)) weeks \(weeks <= 0 ? "back" : "on"))")
        }
    }
}
