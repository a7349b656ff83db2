import GRDB
import HealthExport

/// How an import runs.
public struct ImportOptions: Sendable {
    /// The window asked for.
    public var window: ImportWindow = .standard
    /// Whether the user chose the window (extends anchored types' coverage backwards).
    public var windowGiven = false
    /// The types to take.
    public var selection: TypeSelection = .everything
    /// Read the export even when the very same one was imported before.
    public var force = false
    /// Records per batch handed to the writing thread.
    public var batchSize = 2_048
    /// Records per transaction (the other bound is ``secondsPerTransaction``).
    public var rowsPerTransaction = 50_000
    /// Seconds per transaction at most.
    public var secondsPerTransaction = 1.0

    /// Default options: the standard window, every type.
    public init() {}
}

/// What an import did.
public struct ImportResult: Sendable {
    /// The run's row in `imports`; `nil` when the run stopped at once (same export).
    public var importID: Int64?
    /// Counts per type, adjusted so records the store already had count as already imported.
    public var report: StreamReport?
    /// The earlier import of the very same export, when the run was skipped for it.
    public var sameExport: ImportRecord?
    /// The anchors the run moved.
    public var anchors: [Anchor] = []
}

/// Imports an export into a ``HealthStore``: the parser on the calling thread, the inserts on a
/// second one, joined by a bounded queue of record batches.
///
/// The run's row in `imports` is committed first, as `running`. Rows are committed in batches
/// while the run goes on; the anchors move only in the last transaction, with the run's row
/// closed as `completed`. A run that stops early (Ctrl-C, a truncated export, a full disk) keeps
/// its committed rows and leaves the anchors as they were, so a re-run reads the same records
/// again and `INSERT OR IGNORE` skips the ones already stored: the end state is the same as one
/// uninterrupted run's.
public final class StoreImporter {
    /// The store written to.
    public let store: HealthStore
    /// Called for every record, on the parsing thread; throw to stop (Ctrl-C).
    public var checkStop: () throws -> Void = {}
    /// Tells a stop the user asked for (logged as `interrupted`) from a failure.
    public var isInterruption: (any Error) -> Bool = { _ in false }
    /// Called now and then with the reader's progress.
    public var progress: (ExportReader) -> Void = { _ in }

    /// An importer into `store`.
    public init(store: HealthStore) {
        self.store = store
    }

    /// Imports what `reader` reads. `input` names it in the log; `signature` (see
    /// ``ExportSignature``) lets a second run of the very same export stop at once.
    public func run(reader: ExportReader, input: String, signature: String?, options: ImportOptions) throws -> ImportResult {
        if let signature, !options.force,
            let earlier = try store.read({ db in try ImportLog.completed(db, signature: signature) }),
            Self.covers(earlier: earlier.window, options: options)
        {
            return ImportResult(importID: nil, report: nil, sameExport: earlier)
        }
        let (importID, anchors) = try store.writeImmediate { db in
            (try ImportLog.begin(db, input: input, signature: signature, window: options.window.description),
             try Anchor.fetchAll(db))
        }
        let policy = AnchorPolicy(anchors: anchors, window: options.window, windowGiven: options.windowGiven)
        let stream = RecordStream(reader: reader, selection: options.selection, policy: policy)
        let writer = BatchWriter(
            store: store, rowsPerTransaction: options.rowsPerTransaction,
            secondsPerTransaction: options.secondsPerTransaction)
        writer.start()

        var batch: [IdentifiedRecord] = []
        batch.reserveCapacity(options.batchSize)
        let batchSize = options.batchSize
        let checkStop = self.checkStop
        let progress = self.progress
        var report: StreamReport
        do {
            report = try stream.run { record in
                try checkStop()
                batch.append(record)
                if batch.count >= batchSize {
                    try writer.push(batch)
                    batch.removeAll(keepingCapacity: true)
                    progress(reader)
                }
            }
            try writer.push(batch)
        } catch {
            try? writer.push(batch)
            let outcome = isInterruption(error) ? "interrupted" : "failed"
            let message = "\(error)"
            let facts = policy.exportFacts
            let runStart = policy.runStart
            writer.close { db, _ in
                try ImportLog.note(db, id: importID, facts: facts, windowStart: runStart)
                try ImportLog.finish(db, id: importID, outcome: outcome, counts: [:], message: message)
            }
            if (try? writer.wait()) == nil {
                _ = try? store.write { db in
                    try ImportLog.finish(db, id: importID, outcome: "failed", counts: [:], message: message)
                }
            }
            throw error
        }
        let advanced = policy.advancedAnchors(updated: ExportTimestamp.now.iso8601)
        let counts = report.counts
        let facts = policy.exportFacts
        let runStart = policy.runStart
        writer.close { db, duplicates in
            for anchor in advanced { try anchor.save(db, importID: importID) }
            try ImportLog.note(db, id: importID, facts: facts, windowStart: runStart)
            try ImportLog.finish(
                db, id: importID, outcome: "completed", counts: Self.adjust(counts, duplicates: duplicates), message: nil)
        }
        do {
            try writer.wait()
        } catch {
            _ = try? store.write { db in
                try ImportLog.finish(db, id: importID, outcome: "failed", counts: [:], message: "\(error)")
            }
            throw error
        }
        report.counts = Self.adjust(counts, duplicates: writer.duplicates)
        return ImportResult(importID: importID, report: report, sameExport: nil, anchors: advanced)
    }

    /// Whether an earlier run of the very same export, with window `earlier`, took everything
    /// this run would: so when this run asks for no window, the same one, or the earlier took
    /// all. A wider window asked for later (`--all` after the default) is a backfill: read again.
    static func covers(earlier: String, options: ImportOptions) -> Bool {
        !options.windowGiven || earlier == ImportWindow.all.description || earlier == options.window.description
    }

    /// Moves records the store already had (found by `INSERT OR IGNORE`) from new to already imported.
    static func adjust(_ counts: [String: TypeCounts], duplicates: [String: Int]) -> [String: TypeCounts] {
        var counts = counts
        for (type, count) in duplicates {
            counts[type, default: TypeCounts()].new -= count
            counts[type, default: TypeCounts()].alreadyImported += count
        }
        return counts
    }

}

extension HealthStore {
    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: fails with ``StoreError/Code/locked``
    /// (after ``HealthStore/busyTimeout``) when another process is writing.
    func writeImmediate<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.from(error, path: path)
        }
    }
}
