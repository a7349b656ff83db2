import HealthCore
import HealthExport
import HealthJSON

/// What ends a run's row in `imports`, the same in both stores: its outcome, its counts per
/// type (the stream's, with what the store found applied) as totals and as JSON, and its message;
/// and, for a closing, which anchors move and which go.
public struct ImportLogEnd: Sendable {
    /// When the run ended (ISO 8601).
    public var finished: String
    public var outcome: ImportOutcome
    /// The counts of every type added up (`read_count`, `new_count`, ...).
    public var total: TypeCounts
    /// The counts per type (`counts`), without `read`.
    public var countsJSON: String
    public var message: String?
    /// The anchors to save: the closing's, but those of types whose deletions were implausible.
    public var anchors: [Anchor] = []
    /// The types whose anchors go (their implausible deletions took another export's records
    /// for imported), in order.
    public var anchorsDropped: [String] = []

    /// A run's end with `counts` as they stand (a failed run's are none).
    public init(outcome: ImportOutcome, counts: [String: TypeCounts], message: String?) {
        finished = ExportTimestamp.now.iso8601
        self.outcome = outcome
        total = counts.values.reduce(TypeCounts()) { $0 + $1 }
        var json = JSONBuffer()
        json.countsByType(counts, includingRead: false)
        countsJSON = String(decoding: json.bytes, as: UTF8.self)
        self.message = message
    }

    /// The end `closing` gives a run, with what the store found (`outcome`): a completed run's
    /// counts with the store's findings applied (`ImportCounts`), its anchors but dropped ones;
    /// for a run that stopped early, what it left in the store (records added, updated and
    /// found stored), which is nothing for a run that commits at its end.
    public init(_ closing: ImportClosing, outcome: StoreOutcome) {
        let counts =
            closing.outcome == .completed
            ? ImportCounts.final(closing.counts, outcome: outcome, repeats: closing.repeats)
            : Self.written(outcome)
        self.init(outcome: closing.outcome, counts: counts, message: closing.message)
        anchors = closing.anchors.filter { !outcome.anchorsDropped.contains($0.type) }
        anchorsDropped = outcome.anchorsDropped.sorted()
    }

    /// The writer's own counts per type: records it added, updated and found stored.
    static func written(_ outcome: StoreOutcome) -> [String: TypeCounts] {
        var counts: [String: TypeCounts] = [:]
        for (type, count) in outcome.added { counts[type, default: TypeCounts()].new += count }
        for (type, count) in outcome.updated { counts[type, default: TypeCounts()].updated += count }
        for (type, count) in outcome.alreadyStored { counts[type, default: TypeCounts()].alreadyImported += count }
        return counts
    }
}
