/// The instants, per source, whose samples some workout needs: merged, sorted ranges, so that
/// deciding whether to keep a sample is one dictionary lookup and a binary search.
struct SpanIndex {
    private var ranges: [String: [ClosedRange<Int64>]] = [:]

    /// The index of `spans`' sample ranges.
    init<Spans: Sequence>(_ spans: Spans) where Spans.Element == WorkoutSpan {
        var bySource: [String: [ClosedRange<Int64>]] = [:]
        for span in spans { bySource[span.sourceName, default: []].append(span.sampleRange) }
        for (source, list) in bySource {
            var merged: [ClosedRange<Int64>] = []
            for range in list.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            ranges[source] = merged
        }
    }

    /// The earliest instant any workout needs, or `nil` without workouts.
    var earliest: Int64? { ranges.values.compactMap { $0.first?.lowerBound }.min() }

    /// Whether a sample of `source` at `time` falls in a workout of that source.
    func contains(source: String, time: Int64) -> Bool {
        guard let list = ranges[source] else { return false }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].upperBound < time { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low].contains(time)
    }
}
