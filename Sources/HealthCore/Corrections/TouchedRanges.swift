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

/// The starts of a run of records of one type, noted into ``TouchedRanges`` when the type
/// changes: one look-up per run of a type rather than one per record.
public struct TouchedRun: Sendable {
    private var type = ""
    private var range: ClosedRange<Int64>?

    /// No run yet.
    public init() {}

    /// Notes a record of `type` starting at `start`; a run of another type ends in `touched`.
    @inline(__always)
    public mutating func note(type: String, start: Int64, into touched: inout TouchedRanges) {
        guard let current = range, type == self.type else {
            end(into: &touched)
            self.type = type
            range = start...start
            return
        }
        if start < current.lowerBound {
            range = start...current.upperBound
        } else if start > current.upperBound {
            range = current.lowerBound...start
        }
    }

    /// Notes the run so far into `touched`.
    public mutating func end(into touched: inout TouchedRanges) {
        guard let range else { return }
        touched.note(type: type, start: range.lowerBound)
        touched.note(type: type, start: range.upperBound)
        self.range = nil
    }
}
