/// What a read selected for one type: everything, nothing, or what starts at or after an instant.
public enum TypePlan: Sendable, Equatable {
    /// Yield every record of the type.
    case all
    /// Yield none; they are not counted as outside the window.
    case skip
    /// Yield records starting at or after the instant; count earlier ones as outside the window.
    case startingAt(ExportTimestamp)
}

/// A record the reader could not use, and why.
public struct InvalidRecord: Sendable, Equatable, CustomStringConvertible {
    /// The record's type, when it had one.
    public var type: String
    /// The line the record starts on.
    public var line: Int
    /// Why it was rejected, e.g. `startDate "2019-13-40 10:00:00 +0100" is not a date`.
    public var reason: String

    public var description: String { "line \(line): \(type): \(reason)" }
}

/// What one read saw besides its records: counts, skips, repairs and unknown elements.
public struct ReadReport: Sendable {
    /// The export's own facts.
    public var facts = ExportFacts()
    /// Bytes of the XML read.
    public var bytesRead: Int64 = 0
    /// Top-level elements read (records, correlations, workouts, summaries, ...), yielded or not.
    public var elementsRead = 0
    /// Per type: records left out because they start before the plan's instant.
    public var outsideWindow: [String: Int] = [:]
    /// Records left out because their type was not selected.
    public var notSelected = 0
    /// Per type: records that could not be read (a missing or unparsable date, ...).
    public var invalidCounts: [String: Int] = [:]
    /// The first few invalid records with their reasons.
    public var invalidExamples: [InvalidRecord] = []
    /// Elements this reader does not know, by name, with how often they appeared.
    public var unknownElements: [String: Int] = [:]
    /// Forbidden control characters replaced by spaces.
    public var replacedControlCharacters = 0
    /// Bytes that were not UTF-8, each replaced by `?`.
    public var replacedInvalidUTF8Bytes = 0
    /// Whether attribute names with spaces (iOS 8) were repaired.
    public var repairedLegacyAttributes = false
    /// Non-fatal problems (libxml2's, as `line:column: message`, and the sidecars'): the first
    /// ``keptWarnings`` only.
    public var warnings: [String] = []
    /// Warnings after the first ``keptWarnings``: counted, not kept.
    public var warningsNotKept = 0
    /// The warnings kept at most.
    public static let keptWarnings = 20

    /// Every warning of the read, kept or not.
    public var warningCount: Int { warnings.count + warningsNotKept }

    /// Keeps `warning` if fewer than ``keptWarnings`` are, else counts it.
    public mutating func warn(_ warning: String) {
        if warnings.count < Self.keptWarnings {
            warnings.append(warning)
        } else {
            warningsNotKept += 1
        }
    }

    /// An empty report.
    public init() {}

    /// Whether a record of `type` starting at `start` passes `plan`; when it does not, counts it
    /// as not selected or as outside the window.
    mutating func admits(_ plan: TypePlan, type: String, start: ExportTimestamp) -> Bool {
        switch plan {
        case .all: return true
        case .skip:
            notSelected += 1
            return false
        case .startingAt(let bound):
            if start >= bound { return true }
            outsideWindow[type, default: 0] += 1
            return false
        }
    }

    /// How many invalid records in all.
    public var invalidCount: Int { invalidCounts.values.reduce(0, +) }
}
