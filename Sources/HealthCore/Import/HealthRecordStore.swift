import HealthExport

/// A store that imports go into: the embedded SQLite store, or a database server.
///
/// An ``Importer`` drives a run through the store's ``ImportDestination`` side; the commands
/// read what it holds through the rest. Every implementation keeps the same semantics: rows
/// are committed in batches, anchors move only in the transaction that completes a run, and
/// a store that cannot be used fails with a ``StoreError``.
public protocol HealthRecordStore: ImportDestination {
    /// Where the store is, for messages (a path, or a URL without its password).
    var location: String { get }
    /// Per-type rows, dates and anchors, and the latest imports.
    func status() throws -> StoreStatus
    /// Every anchor, by type.
    func anchors() throws -> [String: Anchor]
    /// Deletes the anchors of `types` (all of them for `nil`); returns how many went. The rows stay.
    @discardableResult
    func resetAnchors(types: [String]?) throws -> Int
}

/// The side of a store an ``Importer`` writes through.
public protocol ImportDestination: AnyObject {
    /// The newest completed run of the export with `signature`, if any.
    func completedImport(signature: String) throws -> ImportRecord?
    /// Opens a run in the store's log, refusing (``StoreError/Code/locked``) while another live
    /// process runs one, and returns its ID with the anchors the run starts from, in one transaction.
    func beginImport(input: String, signature: String?, window: String) throws -> (id: Int64, anchors: [String: Anchor])
    /// A writer of the run's record batches, running on a thread of its own.
    func makeBatchWriter(importID: Int64, options: ImportOptions) throws -> any RecordBatchWriter
    /// Closes run `importID` as failed, for when its writer could not.
    func markFailed(importID: Int64, message: String) throws
}

/// Writes one run's record batches, committing as it goes; the last transaction also closes the run.
public protocol RecordBatchWriter: AnyObject {
    /// Queues a batch, waiting while the writer is behind; throws the writer's error once it failed.
    func push(_ batch: [IdentifiedRecord]) throws
    /// Tells the writer, before the first batch, the types and ranges the run's deletion check
    /// may cover (``DeletionPlan/ranges``, or more), so that it can collect the store's records
    /// while the run reads. The default does nothing.
    func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)])
    /// Ends the input: the writer drains it and applies `closing` in its last transaction.
    func close(_ closing: ImportClosing)
    /// Waits for the writer to end; returns what the store found: records it already had,
    /// updated, deleted and restored. Throws ``DeletionsRefused`` when the closing's deletions
    /// fail the rule, having committed nothing of a run written with ``ImportOptions/commitAtEnd``.
    func wait() throws -> StoreOutcome
}

extension RecordBatchWriter {
    /// Does nothing: the writer scans the store for deletions when the run ends.
    public func prepareDeletions(_ ranges: [String: (from: Int64?, through: Int64)]) {}
}

/// What the last transaction of a run writes beside the rows.
public struct ImportClosing: Sendable {
    /// How the run ended.
    public var outcome: ImportOutcome
    /// The anchors to save (none unless the run completed).
    public var anchors: [Anchor]
    /// The export's facts, if the run got that far.
    public var facts: ExportFacts?
    /// The first instant of the run's window.
    public var windowStart: ExportTimestamp?
    /// The run's counts per type before the store's findings are applied (see ``ImportCounts``).
    public var counts: [String: TypeCounts]
    /// The run's repeats per type.
    public var repeats: [String: RunSightings.RepeatCount]
    /// What the run read completely, for the store to find deletions (completed runs only).
    public var deletions: DeletionPlan?
    /// What went wrong, for a run that did not complete.
    public var message: String?

    /// Creates a closing.
    public init(
        outcome: ImportOutcome, anchors: [Anchor] = [], facts: ExportFacts?, windowStart: ExportTimestamp?,
        counts: [String: TypeCounts] = [:], repeats: [String: RunSightings.RepeatCount] = [:],
        deletions: DeletionPlan? = nil, message: String? = nil
    ) {
        self.outcome = outcome
        self.anchors = anchors
        self.facts = facts
        self.windowStart = windowStart
        self.counts = counts
        self.repeats = repeats
        self.deletions = deletions
        self.message = message
    }
}
