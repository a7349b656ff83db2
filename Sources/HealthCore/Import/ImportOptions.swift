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
    /// The run's ID in the store's log; `nil` when the run stopped at once (same export).
    public var importID: Int64?
    /// Counts per type, adjusted so records the store already had count as already imported.
    public var report: StreamReport?
    /// The earlier import of the very same export, when the run was skipped for it.
    public var sameExport: ImportRecord?
    /// The anchors the run moved.
    public var anchors: [Anchor] = []

    /// Creates a result.
    public init(importID: Int64?, report: StreamReport?, sameExport: ImportRecord?, anchors: [Anchor] = []) {
        self.importID = importID
        self.report = report
        self.sameExport = sameExport
        self.anchors = anchors
    }
}
