import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// `healthimport records PATH`: typed records as JSON lines on standard output.
struct Records: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
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

    @Flag(
        help:
            "With --state: print deletions even when the export lacks more than 10 % (and more than 100) of a type's records the last run saw."
    )
    var acceptDeletions = false

    func run() throws {
        try CommandRunner.run {
            let reader = try ExportInput.open(input.path)
            let stateFile = state.map(AnchorStateFile.init)
            let (anchors, snapshots) = try stateFile?.loadAll() ?? ([:], [:])
            let anchorPolicy = stateFile.map { _ in
                AnchorPolicy(anchors: anchors, window: selection.window, windowGiven: selection.windowGiven)
            }
            anchorPolicy?.recheckChangeable = true
            let corrections = stateFile.map { _ in
                StateCorrections(previous: snapshots, acceptDeletions: acceptDeletions)
            }
            let policy: ImportPolicy = anchorPolicy ?? WindowPolicy(window: selection.window)
            let typeSelection = try selection.selection()
            let stream = RecordStream(reader: reader, selection: typeSelection, policy: policy)
            var lastDecision = RecordDecision.new
            if let corrections, let anchorPolicy {
                stream.observe = { item, decision in
                    lastDecision = decision
                    corrections.observe(
                        item, from: anchorPolicy.runStart?.secondsSince1970,
                        through: anchorPolicy.exportFacts?.exportDate?.secondsSince1970)
                }
            }
            let output = StandardOutput()
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            var json = RecordJSON()
            /// Records the stream counted as new that the state shows unchanged (already) or changed (updated).
            var corrected: [String: (already: Int, updated: Int)] = [:]
            defer { progress.finish() }
            var report: StreamReport
            do {
                report = try stream.run { record in
                    try Interrupt.check()
                    if corrections != nil, record.isRepeat {
                        // A repeat never corrects the first's content (the state keeps the
                        // first's digest), and a run that reads it again prints it no more.
                        guard lastDecision != .recheck else { return }
                        json.write(record, to: &output.buffer)
                    } else if let corrections, CorrectionRules.mayChange(record.record) {
                        let changed = corrections.changed(record, digest: ContentDigest.of(record.record))
                        // The profile has one ID in every export, and a newer export's is new to
                        // the anchors: the state's digest of it tells whether it changed.
                        let isProfile = if case .export = record.record { changed != nil } else { false }
                        if lastDecision == .recheck || isProfile {
                            guard changed == true else {
                                corrected[record.record.type, default: (0, 0)].already += 1
                                return
                            }
                            corrected[record.record.type, default: (0, 0)].updated += 1
                        }
                        json.write(record, to: &output.buffer)
                    } else {
                        json.write(record, to: &output.buffer)
                        if let corrections, corrections.replacements.contains(record.id) {
                            corrected[record.record.type, default: (0, 0)].updated += 1
                        }
                    }
                    try output.flushIfFull()
                    progress.tick(bytes: reader.bytesRead)
                }
            } catch {
                try? output.flush()
                throw error
            }
            for (type, count) in corrected {
                report.counts[type, default: TypeCounts()].new -= count.already + count.updated
                report.counts[type, default: TypeCounts()].alreadyImported += count.already
                report.counts[type, default: TypeCounts()].updated += count.updated
            }
            // Every record line goes out before the deletions are decided (a refusal keeps the state).
            try output.flush()
            if let stateFile, let anchorPolicy, let corrections {
                var unlisted: [String] = []
                let deletions = try corrections.deletions(
                    selected: { type in
                        RecordKind.allCases.contains { typeSelection.selects(kind: $0, type: type) }
                    }, unlisted: &unlisted)
                for deletion in deletions {
                    output.buffer.beginObject()
                    output.buffer.field("kind", "deletion")
                    output.buffer.field("type", deletion.type)
                    output.buffer.key("uuid")
                    output.buffer.uuid(deletion.id)
                    output.buffer.field("start", ExportTimestamp(secondsSince1970: deletion.start, offsetMinutes: 0))
                    output.buffer.endObject()
                    output.buffer.newline()
                    if !deletion.replaced { report.counts[deletion.type, default: TypeCounts()].deleted += 1 }
                    try output.flushIfFull()
                }
                try output.flush()
                for type in unlisted {
                    Diagnostics.print(
                        "healthimport: warning: \(type) changed too much since the last run to name its deletions; none printed"
                    )
                }
                try stateFile.save(
                    merging: anchorPolicy.advancedAnchors(updated: ExportTimestamp.now.iso8601), into: anchors,
                    snapshots: corrections.snapshots())
            }
            try output.flush()
            progress.finish()
            if !input.quiet {
                RunReport.print(report, window: selection.window, input: reader.displayName, types: selection.types)
            }
        }
    }
}
