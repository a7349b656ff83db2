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
    /// Records per transaction (the other bound is ``secondsPerTransaction``). Every transaction
    /// writes the pages it changed once more to the write-ahead log, and `metadata`'s rows, keyed
    /// by random UUIDs, change most of its pages in every one, so fewer and larger transactions
    /// write less; this many records take about as long to write as the other bound.
    public var rowsPerTransaction = 250_000
    /// Seconds per transaction at most.
    public var secondsPerTransaction = 1.0
    /// Mark deletions even when a type loses more than 10 % (and more than 100) of its records in range.
    public var acceptDeletions = false
    /// Commit the run in one transaction at its end (set by ``Importer`` when the run may mark
    /// deletions, so a refused run leaves nothing behind).
    public var commitAtEnd = false

    /// Default options: the standard window, every type.
    public init() {}
}

/// What an import did.
public struct ImportResult: Sendable {
    /// The run's ID in the store's log; `nil` when the run stopped at once (same export).
    public var importID: Int64?
    /// Counts per type, adjusted so records the store already had count as already imported.
    public var report: StreamReport?
    /// The earlier import of the very same export, when the run was skipped for it.
    public var sameExport: ImportRecord?
    /// The anchors the run moved.
    public var anchors: [Anchor] = []
    /// The types and ranges of start whose stored records the run changed (and, in a PostgreSQL
    /// store, those it added: the days an upload's webhook names).
    public var touched = TouchedRanges()
    /// Types whose anchors the run dropped after accepted implausible deletions (see ``StoreOutcome/anchorsDropped``).
    public var anchorsDropped: Set<String> = []

    /// Creates a result.
    public init(
        importID: Int64?, report: StreamReport?, sameExport: ImportRecord?, anchors: [Anchor] = [],
        touched: TouchedRanges = TouchedRanges()
    ) {
        self.importID = importID
        self.report = report
        self.sameExport = sameExport
        self.anchors = anchors
        self.touched = touched
    }
}
