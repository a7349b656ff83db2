/// Where computed statistics read their samples: a store's sample reader (SQLite, PostgreSQL).
public protocol StatisticsSampleSource {
    /// The local clocks the samples' zones index.
    var zones: LocalZones { get }
    /// The sources read so far; samples' `source` indexes them.
    var sources: [StatisticsSource] { get }
    /// The unit a type's statistics are written in.
    func units(type: String) throws -> StatisticsUnits
    /// The quantity (or weight) samples of `type` overlapping `window` (starting in it, with `startingIn`),
    /// in `units`; samples in units that do not convert are left out.
    mutating func quantities(
        type: String, units: StatisticsUnits, window: Range<Int64>, startingIn: Bool
    ) throws -> [StatisticsSample]
    /// The sleep samples starting in `window`.
    mutating func sleep(startingIn window: Range<Int64>) throws -> [SleepSample]
    /// The sources read in the store's saved order, or in `preferred` when given.
    func priority(preferred: [String]?) throws -> SourcePriority
}

/// Statistics computed from the samples of the days asked for, the same way whichever store
/// holds them: buckets of a type, or nights of sleep.
public struct ComputedStatistics: Sendable {
    /// The type identifier.
    public var type: String
    public var period: Period
    /// First and last local day asked for (days since 1970), both included; `nil` for no limit.
    public var since: Int64?
    public var until: Int64?
    /// A source order for this run only (highest first); `nil` for the store's own.
    public var preferred: [String]?

    /// Creates a computation.
    public init(type: String, period: Period, since: Int64?, until: Int64?, preferred: [String]?) {
        self.type = type
        self.period = period
        self.since = since
        self.until = until
        self.preferred = preferred
    }

    /// The wall-clock range of the days asked for.
    public var wallRange: Range<Int64> {
        let lower = since.map { $0 * 86_400 } ?? Int64.min / 4
        let upper = until.map { ($0 + 1) * 86_400 } ?? Int64.max / 4
        return lower..<max(lower, upper)
    }

    /// The lines of `kind`'s buckets (`period`; `night` counts as day) from `source`'s samples.
    public func buckets(
        kind: StatisticsKind, from source: inout some StatisticsSampleSource
    ) throws -> [[StatisticsOutput.Value]] {
        let range = wallRange
        let units = try source.units(type: type)
        let window = sampleWindow(range)
        let periods = [period == .night ? Period.day : period]
        let buckets = try kind.buckets(
            type: type, units: units, window: window, periods: periods, preferred: preferred, from: &source)
        let names = source.sources.map(\.name)
        return (buckets[periods[0]] ?? []).filter { range.contains($0.wallStart) && inWindow($0, window) }.map {
            StatisticsOutput.values($0, type: type, kind: kind, unit: units.unit, sourceNames: names)
        }
    }

    /// The lines of the nights of sleep from `source`'s samples.
    public func nights(from source: inout some StatisticsSampleSource) throws -> [[StatisticsOutput.Value]] {
        let range = wallRange
        let samples = try source.sleep(startingIn: (range.lowerBound - 3 * 3600)..<(range.upperBound + 25 * 3600))
        let nights = SleepNights.nights(
            samples, priority: try source.priority(preferred: preferred), zones: source.zones)
        let names = source.sources.map(\.name)
        return nights.filter { range.contains($0.wallStart - 43_200) }.map {
            StatisticsOutput.values($0, sourceNames: names)
        }
    }

    /// The samples to read: those of the buckets that start in the range asked for (whole, as
    /// the stored figures show them), or all of them.
    private func sampleWindow(_ range: Range<Int64>) -> Range<Int64> {
        let whole = Int64.min / 4..<Int64.max / 4
        guard since != nil || until != nil else { return whole }
        var window = range.statisticsSampleWindow
        if period == .month {
            // The window reaches the end of the week of the last day; a month may go on.
            let end = Period.month.nextBucketStart(after: Period.month.bucketStart(wall: range.upperBound - 1))
            window = window.lowerBound..<Swift.max(window.upperBound, end + 13 * 3600)
        }
        return
            (since == nil ? whole.lowerBound : window.lowerBound)..<(until == nil
            ? whole.upperBound : window.upperBound)
    }

    private func inWindow(_ bucket: StatisticsBucket, _ window: Range<Int64>) -> Bool {
        window.lowerBound <= bucket.start && bucket.end <= window.upperBound
    }
}
