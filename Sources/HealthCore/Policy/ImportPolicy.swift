import HealthExport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What happens to one record of a run.
public enum RecordDecision: Sendable, Equatable {
    /// Emit or store it.
    case new
    /// It was imported before (behind its type's anchor).
    case alreadyImported
    /// It lies before the run's window.
    case outsideWindow
    /// It was imported before, but its content can change while its ID stays (see
    /// ``CorrectionRules/mayChange(_:)``): hand it on, the store compares.
    case recheck
}

/// Decides which records a run takes: a window, and (for incremental imports) anchors.
///
/// ``RecordStream`` calls ``prepare(facts:)`` once the export's facts are known, then
/// ``earliestStart(kind:type:)`` once per type so the reader can skip old records without
/// building them, then ``decide(_:id:)`` for each record the reader yields. The first two run
/// on the parsing thread, `decide` on the consuming one; `prepare` happens before any `decide`.
public protocol ImportPolicy: AnyObject {
    /// Learns the export's date and the like, before any other call.
    func prepare(facts: ExportFacts)
    /// Records of this type starting earlier are outside the window; `nil` takes every date.
    func earliestStart(kind: RecordKind, type: String) -> ExportTimestamp?
    /// The fate of one record.
    func decide(_ record: HealthRecord, id: RecordID) -> RecordDecision
}

/// The plain policy of `records` without `--state`: a window, no anchors.
public final class WindowPolicy: ImportPolicy {
    /// The window asked for.
    public let window: ImportWindow
    /// The first instant inside it, once ``prepare(facts:)`` has run.
    // Set once before the first record, then read for every record on one thread.
    @exclusivity(unchecked) public private(set) var start: ExportTimestamp?
    private let now: ExportTimestamp

    /// A policy for `window`; `now` stands in for a missing `ExportDate`.
    public init(window: ImportWindow, now: ExportTimestamp = .now) {
        self.window = window
        self.now = now
    }

    public func prepare(facts: ExportFacts) {
        start = window.start(exportDate: facts.exportDate, now: now)
    }

    public func earliestStart(kind: RecordKind, type: String) -> ExportTimestamp? {
        start
    }

    public func decide(_ record: HealthRecord, id: RecordID) -> RecordDecision {
        guard let start, let recordStart = record.start else { return .new }
        if case .export = record { return .new }
        return recordStart >= start ? .new : .outsideWindow
    }
}

extension ExportTimestamp {
    /// The current instant in UTC.
    public static var now: ExportTimestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return ExportTimestamp(secondsSince1970: Int64(spec.tv_sec), offsetMinutes: 0)
    }
}
