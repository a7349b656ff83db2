import ArgumentParser
import HealthExport
import HealthCore
import HealthJSON

/// `healthimport records PATH`: typed records as JSON lines on standard output.
struct Records: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the export's records as JSON lines.",
        discussion: """
            One JSON object per line, each with kind, type, uuid, start and end, then the fields \
            of its kind. By default only the 30 days before the export's date; --all for everything.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        help: ArgumentHelp(
            "Keep per-type anchors in this JSON file: print only what is new since the last run with it. Written only after all output was flushed.",
            valueName: "state.json"))
    var state: String?

    func run() throws {
        try CommandRunner.run {
            let reader = try ExportInput.open(input.path)
            let stateFile = state.map(AnchorStateFile.init)
            let anchors = try stateFile?.load() ?? [:]
            let anchorPolicy = stateFile.map { _ in
                AnchorPolicy(anchors: anchors, window: selection.window, windowGiven: selection.windowGiven)
            }
            let policy: ImportPolicy = anchorPolicy ?? WindowPolicy(window: selection.window)
            let stream = RecordStream(reader: reader, selection: try selection.selection(), policy: policy)
            let output = StandardOutput()
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            var json = RecordJSON()
            defer { progress.finish() }
            let report: StreamReport
            do {
                report = try stream.run { record in
                    try Interrupt.check()
                    json.write(record, to: &output.buffer)
                    try output.flushIfFull()
                    progress.tick(bytes: reader.bytesRead)
                }
            } catch {
                try? output.flush()
                throw error
            }
            try output.flush()
            if let stateFile, let anchorPolicy {
                try stateFile.save(
                    merging: anchorPolicy.advancedAnchors(updated: ExportTimestamp.now.iso8601), into: anchors)
            }
            progress.finish()
            if !input.quiet { RunReport.print(report, window: selection.window, input: reader.displayName) }
        }
    }
}
