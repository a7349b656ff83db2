import HealthExport

/// Per-type counts of a run. They add up: `read == new + alreadyImported + outsideWindow + invalid`.
public struct TypeCounts: Sendable, Equatable, Codable {
    /// Records emitted or stored.
    public var new = 0
    /// Records skipped because an earlier import has them.
    public var alreadyImported = 0
    /// Records before the window.
    public var outsideWindow = 0
    /// Records that could not be read.
    public var invalid = 0

    /// Every record of the type that the run read.
    public var read: Int { new + alreadyImported + outsideWindow + invalid }

    /// Creates counts.
    public init(new: Int = 0, alreadyImported: Int = 0, outsideWindow: Int = 0, invalid: Int = 0) {
        self.new = new
        self.alreadyImported = alreadyImported
        self.outsideWindow = outsideWindow
        self.invalid = invalid
    }

    /// The two counts added field by field.
    public static func + (lhs: TypeCounts, rhs: TypeCounts) -> TypeCounts {
        TypeCounts(
            new: lhs.new + rhs.new, alreadyImported: lhs.alreadyImported + rhs.alreadyImported,
            outsideWindow: lhs.outsideWindow + rhs.outsideWindow, invalid: lhs.invalid + rhs.invalid)
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

    /// Creates a report.
    public init(read: ReadReport, counts: [String: TypeCounts]) {
        self.read = read
        self.counts = counts
    }

    /// The counts of all types added up.
    public var total: TypeCounts { counts.values.reduce(TypeCounts(), +) }
}
