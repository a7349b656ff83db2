/// Per type, the range of start instants (seconds since 1970 UTC) whose stored records a run
/// changed: added, updated, replaced, deleted or restored. Statistics over stored records
/// recompute exactly these ranges.
public struct TouchedRanges: Sendable, Equatable {
    /// Per type, the earliest and latest start touched.
    public private(set) var ranges: [String: ClosedRange<Int64>] = [:]

    /// No range touched.
    public init() {}

    /// Notes a change to a record of `type` starting at `start`.
    public mutating func note(type: String, start: Int64) {
        if let range = ranges[type] {
            if !range.contains(start) { ranges[type] = min(range.lowerBound, start)...max(range.upperBound, start) }
        } else {
            ranges[type] = start...start
        }
    }

    /// Both sets of ranges, merged per type.
    public mutating func formUnion(_ other: TouchedRanges) {
        for (type, range) in other.ranges {
            note(type: type, start: range.lowerBound)
            note(type: type, start: range.upperBound)
        }
    }

    /// Whether nothing was touched.
    public var isEmpty: Bool { ranges.isEmpty }
}
