/// How an import run ended, as the store's log keeps it.
public enum ImportOutcome: String, Sendable, Codable, CaseIterable {
    /// Still running, or its process died (the next run marks it ``interrupted``).
    case running
    /// Read the export to its end and committed everything, anchors included.
    case completed
    /// Stopped by the user (Ctrl-C); what was committed stays, the anchors did not move.
    case interrupted
    /// Stopped by an error; what was committed stays, the anchors did not move.
    case failed
}

/// One run in a store's import log, from start to outcome.
public struct ImportRecord: Sendable, Equatable, Codable {
    /// The run's ID.
    public var id: Int64
    /// The input as named.
    public var input: String
    /// The input's ``ExportSignature``.
    public var signature: String?
    /// The export's `ExportDate`, ISO 8601.
    public var exportDate: String?
    /// The export's format version.
    public var exportVersion: Int?
    /// The window asked for, as text.
    public var window: String
    /// When the run started, ISO 8601 UTC.
    public var started: String
    /// When it ended.
    public var finished: String?
    /// How it ended.
    public var outcome: ImportOutcome
    /// Records added.
    public var newCount: Int?
    /// What went wrong, for failed runs.
    public var message: String?

    /// Creates a log entry.
    public init(
        id: Int64, input: String, signature: String?, exportDate: String?, exportVersion: Int?, window: String,
        started: String, finished: String?, outcome: ImportOutcome, newCount: Int?, message: String?
    ) {
        self.id = id
        self.input = input
        self.signature = signature
        self.exportDate = exportDate
        self.exportVersion = exportVersion
        self.window = window
        self.started = started
        self.finished = finished
        self.outcome = outcome
        self.newCount = newCount
        self.message = message
    }
}
