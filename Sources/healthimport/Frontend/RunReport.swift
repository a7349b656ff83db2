import HealthCore
import HealthExport
import HealthJSON

/// The closing lines of a run on standard error: what was taken, what was left out and why.
enum RunReport {
    /// `types`: the `--type` names given, so that a selection no record matched is said.
    static func print(_ report: StreamReport, window: ImportWindow, input: String, types: [String] = []) {
        let total = report.total
        let printedRepeats = report.sightings.repeats.values.reduce(0) { $0 + $1.takenAsNew }
        var line = "healthimport: \(total.new + total.updated + printedRepeats) records"
        var parts: [String] = []
        if total.repeated > 0 {
            parts.append(
                "\(total.repeated) repeats (elements with the UUID of an earlier one\(printedRepeats > 0 ? ", \(printedRepeats) of them printed with it" : ""))"
            )
        }
        if total.updated > 0 { parts.append("\(total.updated) of them updated") }
        if total.deleted > 0 { parts.append("\(total.deleted) deletions") }
        if total.alreadyImported > 0 { parts.append("\(total.alreadyImported) already imported") }
        if total.outsideWindow > 0 {
            parts.append("\(total.outsideWindow) outside the window (\(window); --all for everything)")
        }
        if total.invalid > 0 { parts.append("\(total.invalid) invalid") }
        if !parts.isEmpty { line += ", " + parts.joined(separator: ", ") }
        Diagnostics.print(line)
        noteUnmatched(types: types, report, input: input)
        warnings(report.read)
    }

    /// Says so when the `--type` names given, `types`, matched no record of `input`.
    static func noteUnmatched(types: [String], _ report: StreamReport, input: String) {
        guard !types.isEmpty, report.counts.isEmpty else { return }
        Diagnostics.print(
            "note: no record of \(input) is of --type \(types.joined(separator: ", ")); a type is named by its identifier (HKQuantityTypeIdentifierHeartRate), its short name (HeartRate), a kind (quantity) or a friendly name (heart-rate)"
        )
    }

    /// The warnings printed at most; a line counts the others.
    static let shownWarnings = 5

    static func warnings(_ read: ReadReport) {
        for example in read.invalidExamples.prefix(5) {
            Diagnostics.print("warning: invalid record at \(example)")
        }
        for warning in read.warnings.prefix(shownWarnings) { Diagnostics.print(warning) }
        if read.warningCount > shownWarnings {
            Diagnostics.print("healthimport: warning: \(read.warningCount - shownWarnings) more warnings not shown")
        }
        if read.replacedControlCharacters > 0 {
            Diagnostics.print("note: replaced \(read.replacedControlCharacters) control characters that XML forbids")
        }
        if read.replacedInvalidUTF8Bytes > 0 {
            let count = read.replacedInvalidUTF8Bytes
            Diagnostics.print(
                "note: replaced \(count) byte\(count == 1 ? "" : "s") that \(count == 1 ? "is" : "are") not UTF-8 with '?'"
            )
        }
        if !read.unknownElements.isEmpty {
            let names = read.unknownElements.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            Diagnostics.print("note: skipped unknown elements: \(names.joined(separator: ", "))")
        }
    }
}
