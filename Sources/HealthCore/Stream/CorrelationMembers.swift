import HealthExport

/// How records of types that can be correlation members (blood pressure, food) are yielded:
/// once per identity, whether the export lists them inside a correlation, at top level
/// (Apple's exports list blood pressure in both places), or both.
///
/// ``RecordStream`` yields records by this rule; ``summaryRule()`` gives `summary` the same
/// rule, so that it counts per type what `records` prints.
///
/// It holds each record's 8-byte key (``RunSightings/key(_:isNew:)``), half what the IDs took:
/// the set grows with the blood pressure and food records of the export. Two of them with one key
/// (odds of about n² / 2^64 for n records) would be yielded once.
public struct CorrelationMembers {
    private var seen = Set<UInt64>()

    /// No record seen yet.
    public init() {}

    /// Whether the member-type record with `id` is yielded: the first time it is seen.
    public mutating func isFirst(_ id: RecordID) -> Bool {
        seen.insert(RunSightings.key(id)).inserted
    }

    /// A fresh rule, as `ExportSummary.read(opening:reopenable:countsMember:progress:)` takes
    /// it for each read, naming records as the record stream does.
    public static func summaryRule() -> (HealthRecord) -> Bool {
        var identity = RecordIdentity()
        var members = CorrelationMembers()
        return { record in members.isFirst(identity.id(of: record)) }
    }
}
