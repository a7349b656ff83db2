import HealthExport

/// Per-type counts of a run. They add up: every record read is counted once,
/// `read == new + updated + alreadyImported + repeated + outsideWindow + invalid`; ``deleted``
/// counts stored records the export no longer holds, which the run did not read.
public struct TypeCounts: Sendable, Equatable, Codable {
    /// Records emitted or stored.
    public var new = 0
    /// Records the store had with other content (or an older sync version), changed in place.
    public var updated = 0
    /// Stored records the export no longer holds, marked deleted.
    public var deleted = 0
    /// Records skipped because an earlier import has them.
    public var alreadyImported = 0
    /// Second and later elements of one export with the UUID of an earlier one.
    public var repeated = 0
    /// Records before the window.
    public var outsideWindow = 0
    /// Records that could not be read.
    public var invalid = 0

    /// Every record of the type that the run read.
    public var read: Int { new + updated + alreadyImported + repeated + outsideWindow + invalid }

    /// Creates counts.
    public init(
        new: Int = 0, updated: Int = 0, deleted: Int = 0, alreadyImported: Int = 0, repeated: Int = 0,
        outsideWindow: Int = 0, invalid: Int = 0
    ) {
        self.new = new
        self.updated = updated
        self.deleted = deleted
        self.alreadyImported = alreadyImported
        self.repeated = repeated
        self.outsideWindow = outsideWindow
        self.invalid = invalid
    }

    /// The two counts added field by field.
    public static func + (lhs: TypeCounts, rhs: TypeCounts) -> TypeCounts {
        TypeCounts(
            new: lhs.new + rhs.new, updated: lhs.updated + rhs.updated, deleted: lhs.deleted + rhs.deleted,
            alreadyImported: lhs.alreadyImported + rhs.alreadyImported, repeated: lhs.repeated + rhs.repeated,
            outsideWindow: lhs.outsideWindow + rhs.outsideWindow, invalid: lhs.invalid + rhs.invalid)
    }

    /// `counts` with what the store found applied: records it already had move from new to
    /// already imported, records it changed from new to updated, records it restored (marked
    /// deleted before, back in this export) from already imported to updated, and its deletions
    /// are added.
    public static func applying(_ outcome: StoreOutcome, to counts: [String: TypeCounts]) -> [String: TypeCounts] {
        var counts = moving(duplicates: outcome.alreadyStored, in: counts)
        for (type, count) in outcome.updated {
            counts[type, default: TypeCounts()].new -= count
            counts[type, default: TypeCounts()].updated += count
        }
        for (type, count) in outcome.restored {
            counts[type, default: TypeCounts()].alreadyImported -= count
            counts[type, default: TypeCounts()].updated += count
        }
        for (type, count) in outcome.deleted { counts[type, default: TypeCounts()].deleted += count }
        return counts
    }

    /// `counts` with the records a store turned out to have already (`duplicates`, by type)
    /// moved from new to already imported.
    public static func moving(duplicates: [String: Int], in counts: [String: TypeCounts]) -> [String: TypeCounts] {
        var counts = counts
        for (type, count) in duplicates {
            counts[type, default: TypeCounts()].new -= count
            counts[type, default: TypeCounts()].alreadyImported += count
        }
        return counts
    }
}

/// The outcome of a run over one export.
public struct StreamReport: Sendable {
    /// What the reader saw (facts, repairs, unknown elements, invalid examples).
    public var read: ReadReport
    /// Counts per type, for the selected types.
    public var counts: [String: TypeCounts]
    /// The IDs the run read, per type, and its repeats.
    public var sightings: RunSightings

    /// Creates a report.
    public init(read: ReadReport, counts: [String: TypeCounts], sightings: RunSightings = RunSightings()) {
        self.read = read
        self.counts = counts
        self.sightings = sightings
    }

    /// The counts of all types added up.
    public var total: TypeCounts { counts.values.reduce(TypeCounts(), +) }
}
