/// The piece-wise merge by priority: the time line is cut at every interval's start and end, and in each
/// piece only the intervals with the best (lowest) key among those covering the piece count.
///
/// An interval whose start equals its end makes a piece of no length at its instant, in which it competes
/// with the intervals covering that instant; it takes nothing from the pieces around it.
/// Cost: O(n log n) for the sort, then O(n · k) for k intervals covering a piece at once (a handful).
enum PriorityTimeline {
    struct Interval {
        var start: Int64
        var end: Int64
        var key: Int32
    }

    /// Calls `body(start, end, winners)` for every piece covered by at least one interval, in time order;
    /// `winners` are the indices (into `intervals`) of the best-keyed intervals covering the piece.
    static func sweep(_ intervals: [Interval], _ body: (Int64, Int64, [Int32]) -> Void) {
        let count = intervals.count
        guard count > 0 else { return }
        var byStart = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = Int32(index) }
            initialized = count
        }
        byStart.sort { intervals[Int($0)].start < intervals[Int($1)].start }
        var ends = intervals.map(\.end)
        ends.sort()

        var active: [Int32] = []
        var instants: [Int32] = []
        var winners: [Int32] = []
        var nextStart = 0
        var nextEnd = 0
        var boundary = intervals[Int(byStart[0])].start
        while true {
            var kept = 0
            for position in active.indices where intervals[Int(active[position])].end > boundary {
                active[kept] = active[position]
                kept += 1
            }
            active.removeLast(active.count - kept)
            instants.removeAll(keepingCapacity: true)
            while nextStart < count, intervals[Int(byStart[nextStart])].start == boundary {
                let index = byStart[nextStart]
                if intervals[Int(index)].end == boundary { instants.append(index) } else { active.append(index) }
                nextStart += 1
            }
            while nextEnd < count, ends[nextEnd] <= boundary { nextEnd += 1 }

            if !instants.isEmpty {
                var best = Int32.max
                for index in active { best = min(best, intervals[Int(index)].key) }
                for index in instants { best = min(best, intervals[Int(index)].key) }
                winners.removeAll(keepingCapacity: true)
                for index in instants where intervals[Int(index)].key == best { winners.append(index) }
                if !winners.isEmpty { body(boundary, boundary, winners) }
            }

            let following = min(
                nextStart < count ? intervals[Int(byStart[nextStart])].start : Int64.max,
                nextEnd < count ? ends[nextEnd] : Int64.max)
            if following == Int64.max { break }
            if !active.isEmpty {
                var best = Int32.max
                for index in active { best = min(best, intervals[Int(index)].key) }
                winners.removeAll(keepingCapacity: true)
                for index in active where intervals[Int(index)].key == best { winners.append(index) }
                body(boundary, following, winners)
            }
            boundary = following
        }
    }
}
