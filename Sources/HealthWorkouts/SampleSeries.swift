/// Samples of one quantity from one source, in time order, that answer "the latest value at or
/// before an instant, if recent enough".
public struct SampleSeries: Sendable, Equatable {
    /// The samples, sorted by time.
    public private(set) var values: [TimedValue]

    /// How old a sample may be and still stand for an instant: 60 s.
    public static let maximumAge: Int64 = 60

    /// A series of `values` (sorted here).
    public init(_ values: [TimedValue] = []) {
        self.values = values.sorted { $0.time < $1.time }
    }

    /// Whether there are no samples.
    public var isEmpty: Bool { values.isEmpty }

    /// The index of the first sample later than `time`. O(log n).
    func firstIndex(after time: Int64) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The latest sample at or before `time` and at most ``maximumAge`` seconds older. O(log n).
    public func latest(atOrBefore time: Int64, maximumAge: Int64 = SampleSeries.maximumAge) -> TimedValue? {
        let index = firstIndex(after: time)
        guard index > 0 else { return nil }
        let sample = values[index - 1]
        return time - sample.time <= maximumAge ? sample : nil
    }

    /// The samples from `start` through `end`, both included.
    public func slice(from start: Int64, through end: Int64) -> ArraySlice<TimedValue> {
        let lower = firstIndex(after: start - 1)
        let upper = max(lower, firstIndex(after: end))
        return values[lower..<upper]
    }

    /// The time-weighted pieces of the series over `start..<end`: each sample holds from its time
    /// until the next sample, the end, or ``maximumAge`` seconds, whichever comes first; a sample
    /// up to ``maximumAge`` before `start` holds from `start`.
    public func pieces(from start: Int64, to end: Int64) -> [(value: Double, seconds: Int64)] {
        guard end > start else { return [] }
        var result: [(value: Double, seconds: Int64)] = []
        var index = firstIndex(after: start - Self.maximumAge - 1)
        while index < values.count, values[index].time < end {
            let sample = values[index]
            let next = index + 1 < values.count ? values[index + 1].time : Int64.max
            let from = max(sample.time, start)
            let until = min(next, end, sample.time + Self.maximumAge)
            if until > from { result.append((sample.value, until - from)) }
            index += 1
        }
        return result
    }
}
