import HealthExport

/// What a completed run read completely, so the store can find the records the export no
/// longer holds: per type, a range of starts and the IDs the run read.
///
/// A type is in the plan when an earlier completed import anchored it and the run selected it:
/// then the run read every record of it (an anchored type is read whatever its date). The
/// range is the run's window for the type up to the export's date.
public struct DeletionPlan: Sendable {
    /// Per type, the first start in range (`nil`: the whole history) and the last (the export date).
    public var ranges: [String: (from: Int64?, through: Int64)]
    /// The IDs the run read, per type.
    public var sightings: RunSightings
    /// Whether the user accepted deletions above ``CorrectionRules/deletionsPlausible(_:of:)``.
    public var acceptDeletions: Bool
    /// The import that marks what it finds.
    public var importID: Int64

    /// Creates a plan.
    public init(
        ranges: [String: (from: Int64?, through: Int64)], sightings: RunSightings, acceptDeletions: Bool,
        importID: Int64
    ) {
        self.ranges = ranges
        self.sightings = sightings
        self.acceptDeletions = acceptDeletions
        self.importID = importID
    }
}

/// A record a store holds, as a deletion scan sees it.
public struct StoredRecord: Sendable, BitwiseCopyable {
    /// Its ID.
    public var id: RecordID
    /// Its start, seconds since 1970 UTC.
    public var start: Int64
    /// Whether an earlier import marked it deleted.
    public var isMarkedDeleted: Bool
    /// Where the store keeps it (a table's number, for the store's own use).
    public var place: Int

    /// Creates a stored record.
    public init(id: RecordID, start: Int64, isMarkedDeleted: Bool, place: Int) {
        self.id = id
        self.start = start
        self.isMarkedDeleted = isMarkedDeleted
        self.place = place
    }
}

/// What a store is to do after a completed run: records to mark deleted and marked ones to
/// restore, per type.
public struct DeletionFindings: Sendable {
    /// Current records the export no longer holds.
    public var deletions: [String: [StoredRecord]] = [:]
    /// Records marked deleted before that the export holds again.
    public var restorations: [String: [StoredRecord]] = [:]
    /// The types and ranges these touch.
    public var touched = TouchedRanges()
    /// Types whose deletions failed the rule and were accepted: their anchors did not describe
    /// this export (records behind them were taken for imported without a look-up), so the
    /// store drops those anchors and the next run reads the types' window in full.
    public var implausible: Set<String> = []

    /// Nothing to do.
    public init() {}
}

/// An export that would delete too much of a type: most likely another person's or a broken one.
public struct DeletionsRefused: Error, Sendable, CustomStringConvertible {
    /// The type concerned.
    public var type: String
    /// Records the run would mark.
    public var deletions: Int
    /// Current records of the type in the range.
    public var stored: Int

    /// What was refused and why, without the way around it (which differs between `import`,
    /// `watch` and the server).
    public var reason: String {
        let percent = stored == 0 ? 100 : Int((Double(deletions) * 100 / Double(stored)).rounded())
        return
            "this export would mark \(deletions) of the \(stored) stored \(type) records in its window as deleted (\(percent) %): is it another person's export, or a broken one? Nothing was imported"
    }

    /// ``reason``, and how `import` takes the export anyway.
    public var description: String { reason + "; --accept-deletions imports it anyway" }
}

/// Finds deletions and restorations by comparing, per type, the store's records in the plan's
/// range with the IDs the run read: one pass over the store's records, a binary search each in
/// the run's sorted keys (or, when those went to a temporary file, a merge of both sorted by
/// key), no look-up per record of the export.
public enum DeletionFinder {
    /// Scans every type of `plan` through `scan` (type, first start or `nil`, last start,
    /// visitor: every record of the type in range that no newer sync version replaced) and
    /// applies the deletion rule; throws ``DeletionsRefused`` when a type fails it and the plan
    /// does not accept it.
    /// `addedByRun` counts, per type, the rows the run itself added (visible to the scan in the
    /// run's transaction): they are left out of the stored records the rule weighs.
    ///
    /// A type `collected` covers over the plan's range is not scanned: its records were collected
    /// before the run wrote anything, so the run's own rows are not among them, and the records
    /// the run replaced (`replacedByRun`, their keys) are left out.
    public static func find(
        _ plan: DeletionPlan, addedByRun: [String: Int] = [:], collected: StoredRecordCollection? = nil,
        replacedByRun: Set<UInt64> = [],
        scan: (String, Int64?, Int64, (StoredRecord) throws -> Void) throws -> Void
    ) throws -> DeletionFindings {
        var findings = DeletionFindings()
        for (type, range) in plan.ranges.sorted(by: { $0.key < $1.key }) {
            var current = 0
            var deletions: [StoredRecord] = []
            var restorations: [StoredRecord] = []
            func weigh(_ record: StoredRecord, seen: Bool) {
                if record.isMarkedDeleted {
                    if seen { restorations.append(record) }
                } else {
                    current += 1
                    if !seen { deletions.append(record) }
                }
            }
            var added = addedByRun[type] ?? 0
            if let collected, collected.covers(type, range) {
                var stored = try collected.records(of: type)
                var keys = try SortedKeys(plan.sightings.distinct[type])
                while let record = try stored.next() {
                    let wanted = RunSightings.key(record.id)
                    if replacedByRun.contains(wanted) { continue }
                    weigh(record, seen: try keys.contains(wanted))
                }
                added = 0
            } else {
                switch plan.sightings.distinct[type] {
                case .spilled(let file, _):
                    // The run's keys are in a file, sorted: sort the stored records by key as well
                    // (in bounded runs) and walk both in step.
                    var sorter = SpillSorter<StoredRecord>(
                        file: file, limit: plan.sightings.memoryLimit / 4,
                        order: { RunSightings.key($0.id) < RunSightings.key($1.id) })
                    try scan(type, range.from, range.through) { try sorter.add($0) }
                    var stored = try sorter.merged()
                    var keys = try SortedKeys(plan.sightings.distinct[type])
                    while let record = try stored.next() {
                        weigh(record, seen: try keys.contains(RunSightings.key(record.id)))
                    }
                case .memory(let keys):
                    try scan(type, range.from, range.through) {
                        weigh($0, seen: RunSightings.contains($0.id, in: keys))
                    }
                case nil:
                    try scan(type, range.from, range.through) { weigh($0, seen: false) }
                }
            }
            current = max(current - added, deletions.count)
            if !CorrectionRules.deletionsPlausible(deletions.count, of: current) {
                guard plan.acceptDeletions else {
                    throw DeletionsRefused(type: type, deletions: deletions.count, stored: current)
                }
                findings.implausible.insert(type)
            }
            for record in deletions + restorations { findings.touched.note(type: type, start: record.start) }
            if !deletions.isEmpty { findings.deletions[type] = deletions }
            if !restorations.isEmpty { findings.restorations[type] = restorations }
        }
        return findings
    }
}

/// A type's sorted distinct keys, asked in ascending order whether they hold a key: a walk
/// through the array or the temporary file's run, never a search.
private struct SortedKeys {
    private var memory: [UInt64] = []
    private var index = 0
    private var spilled: SpillMerge<UInt64>?
    private var key: UInt64?

    init(_ list: RunSightings.KeyList?) throws(SpillError) {
        switch list {
        case .memory(let keys): memory = keys
        case .spilled(let file, let run): spilled = try SpillMerge(file: file, runs: [run], memory: [], order: <)
        case nil: break
        }
        key = try next()
    }

    private mutating func next() throws(SpillError) -> UInt64? {
        if spilled != nil { return try spilled!.next() }
        guard index < memory.count else { return nil }
        index += 1
        return memory[index - 1]
    }

    /// Whether the keys hold `wanted`; each call's `wanted` must be at least the one before.
    mutating func contains(_ wanted: UInt64) throws(SpillError) -> Bool {
        while let current = key, current < wanted { key = try next() }
        return key == wanted
    }
}

/// What the store found while writing a run, by type.
public struct StoreOutcome: Sendable {
    /// Records the store already had, unchanged.
    public var alreadyStored: [String: Int] = [:]
    /// Rows the run added.
    public var added: [String: Int] = [:]
    /// Records the store had with other content, updated in place, or replaced by a higher sync version.
    public var updated: [String: Int] = [:]
    /// Records marked deleted.
    public var deleted: [String: Int] = [:]
    /// Records marked deleted before, current again.
    public var restored: [String: Int] = [:]
    /// The types and ranges of start the run changed (hook for stored statistics).
    public var touched = TouchedRanges()
    /// Types whose anchors the store dropped after accepted implausible deletions (see
    /// ``DeletionFindings/implausible``): import the export again to add their records.
    public var anchorsDropped: Set<String> = []

    /// Nothing found.
    public init() {}
}
