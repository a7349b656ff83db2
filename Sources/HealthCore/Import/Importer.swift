import HealthExport

/// Imports an export into a store: the parser on one thread, identity and the anchors'
/// decisions on the calling thread, the store's writes on a third, joined by bounded queues.
///
/// The run is opened in the store's log first. Rows are committed in batches while the run
/// goes on; the anchors move only in the last transaction, with the run closed as completed.
/// A run that stops early (Ctrl-C, a truncated export, a full disk) keeps its committed rows
/// and leaves the anchors as they were, so a re-run reads the same records again and the
/// store skips the ones it has: the end state is the same as one uninterrupted run's.
public final class Importer {
    /// The store written to.
    public let destination: any ImportDestination
    /// Called for every new record, on the calling thread; throw to stop (Ctrl-C).
    public var checkStop: () throws -> Void = {}
    /// Tells a stop the user asked for (logged as interrupted) from a failure.
    public var isInterruption: (any Error) -> Bool = { _ in false }
    /// Called now and then with the reader's progress.
    public var progress: (any RecordSource) -> Void = { _ in }
    /// Whether the last run committed only at its end, so that one stopped early left the
    /// store as it was (a run over anchored types, which may mark deletions).
    public private(set) var commitsAtEnd = false

    /// An importer into `destination`.
    public init(destination: any ImportDestination) {
        self.destination = destination
    }

    /// Imports what `reader` reads. `input` names it in the log; `signature` (see
    /// ``ExportSignature``) lets a second run of the very same export stop at once.
    public func run(reader: any RecordSource, input: String, signature: String?, options: ImportOptions) throws
        -> ImportResult
    {
        if let signature, !options.force, let earlier = try destination.completedImport(signature: signature),
            Self.covers(earlier: earlier.window, options: options)
        {
            return ImportResult(importID: nil, report: nil, sameExport: earlier)
        }
        let (importID, anchors) = try destination.beginImport(
            input: input, signature: signature, window: options.window.description)
        let policy = AnchorPolicy(anchors: anchors, window: options.window, windowGiven: options.windowGiven)
        policy.recheckChangeable = true
        let stream = RecordStream(reader: reader, selection: options.selection, policy: policy)
        var writerOptions = options
        // A run over anchored types may mark deletions, and may be refused for them at its end:
        // it commits once, so a refusal leaves the store as it was.
        writerOptions.commitAtEnd = !anchors.isEmpty
        commitsAtEnd = writerOptions.commitAtEnd
        let writer = try destination.makeBatchWriter(importID: importID, options: writerOptions)

        var batch: [IdentifiedRecord] = []
        batch.reserveCapacity(options.batchSize)
        let batchSize = options.batchSize
        // A batch also ends when its records hold this many values in all (see `batchWeight`).
        let batchWeight = batchSize * 8
        var weight = 0
        let checkStop = self.checkStop
        let progress = self.progress
        var report: StreamReport
        var rangesTold = false
        do {
            report = try stream.runTakingRecords { (record: consuming IdentifiedRecord) in
                try checkStop()
                if !rangesTold {
                    // The export's date comes before its records: the ranges are known by now.
                    rangesTold = true
                    if let ranges = Self.deletionRanges(anchors: anchors, policy: policy, options: options) {
                        writer.prepareDeletions(ranges)
                    }
                }
                weight += record.record.batchWeight
                batch.append(record)
                if batch.count >= batchSize || weight >= batchWeight {
                    try writer.push(batch)
                    batch.removeAll(keepingCapacity: true)
                    weight = 0
                    progress(reader)
                }
            }
            try writer.push(batch)
        } catch {
            try? writer.push(batch)
            let message = "\(error)"
            writer.close(
                ImportClosing(
                    outcome: isInterruption(error) ? .interrupted : .failed, facts: policy.exportFacts,
                    windowStart: policy.runStart, message: message))
            if (try? writer.wait()) == nil {
                try? destination.markFailed(importID: importID, message: message)
            }
            throw error
        }
        Self.returnFreedMemory()
        let advanced = policy.advancedAnchors(updated: ExportTimestamp.now.iso8601)
        let repeats = report.sightings.repeats
        writer.close(
            ImportClosing(
                outcome: .completed, anchors: advanced, facts: policy.exportFacts, windowStart: policy.runStart,
                counts: report.counts, repeats: repeats,
                deletions: Self.deletionPlan(
                    anchors: anchors, policy: policy, sightings: report.sightings, options: options, importID: importID)
            ))
        let outcome: StoreOutcome
        do {
            outcome = try writer.wait()
        } catch {
            try? destination.markFailed(importID: importID, message: "\(error)")
            throw error
        }
        report.counts = ImportCounts.final(report.counts, outcome: outcome, repeats: repeats)
        var result = ImportResult(
            importID: importID, report: report, sameExport: nil,
            anchors: advanced.filter { !outcome.anchorsDropped.contains($0.type) }, touched: outcome.touched)
        result.anchorsDropped = outcome.anchorsDropped
        return result
    }

    /// The types a completed run read completely, with their ranges: every anchored type the
    /// run selected (anchored types are read whatever their dates), over the run's window up to
    /// the export's date. None without an export date.
    static func deletionPlan(
        anchors: [String: Anchor], policy: AnchorPolicy, sightings: RunSightings, options: ImportOptions,
        importID: Int64
    ) -> DeletionPlan? {
        guard let ranges = deletionRanges(anchors: anchors, policy: policy, options: options, sightings: sightings)
        else { return nil }
        return DeletionPlan(
            ranges: ranges, sightings: sightings, acceptDeletions: options.acceptDeletions, importID: importID)
    }

    /// The types and ranges of ``deletionPlan(anchors:policy:sightings:options:importID:)``; before
    /// the run has ended (`sightings` `nil`), also the types it may yet leave out for having read none.
    static func deletionRanges(
        anchors: [String: Anchor], policy: AnchorPolicy, options: ImportOptions, sightings: RunSightings? = nil
    ) -> [String: (from: Int64?, through: Int64)]? {
        guard let exportDate = policy.exportFacts?.exportDate?.secondsSince1970, !anchors.isEmpty else { return nil }
        let from = policy.runStart?.secondsSince1970
        var ranges: [String: (from: Int64?, through: Int64)] = [:]
        for type in anchors.keys where type != "HealthExport" {
            if let sightings, !CorrectionRules.readsCompletely(type: type, sawAny: sightings.sawAny(type)) { continue }
            guard
                options.selection.selectsEverything
                    || RecordKind.allCases.contains(where: { options.selection.selects(kind: $0, type: type) })
            else { continue }
            ranges[type] = (from, exportDate)
        }
        return ranges.isEmpty ? nil : ranges
    }

    /// Whether an earlier run of the very same export, with window `earlier`, took everything
    /// this run would: so when this run asks for no window, the same one, or the earlier took
    /// all. A wider window asked for later (`--all` after the default) is a backfill: read again.
    static func covers(earlier: String, options: ImportOptions) -> Bool {
        !options.windowGiven || earlier == ImportWindow.all.description || earlier == options.window.description
    }

    /// Gives the pages the read freed back to the system before the store's last phase
    /// (deletions, statistics): glibc keeps a thread's freed memory in that thread's arena,
    /// where the reading threads, now done, would leave it counted in the peak.
    private static func returnFreedMemory() {
        SystemCall.returnFreedMemory()
    }
}
