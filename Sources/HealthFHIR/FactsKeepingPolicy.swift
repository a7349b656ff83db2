import HealthCore
import HealthExport

/// A policy that decides as the one it wraps and keeps the export's facts, so the `Patient`
/// can be written whichever types `--type` selects.
///
/// ``RecordStream`` calls ``prepare(facts:)`` on its reading thread before it hands any record
/// over, and the records reach the consuming thread through its queue: ``facts`` is set before
/// the first record arrives there, and never changes after.
public final class FactsKeepingPolicy: ImportPolicy {
    private let base: any ImportPolicy
    /// The export's facts, once the read has started.
    @exclusivity(unchecked) public private(set) var facts: ExportFacts?

    /// Wraps `base`.
    public init(_ base: any ImportPolicy) {
        self.base = base
    }

    public func prepare(facts: ExportFacts) {
        self.facts = facts
        base.prepare(facts: facts)
    }

    public func earliestStart(kind: RecordKind, type: String) -> ExportTimestamp? {
        base.earliestStart(kind: kind, type: type)
    }

    public func decide(_ record: HealthRecord, id: RecordID) -> RecordDecision {
        base.decide(record, id: id)
    }
}
