/// The statistics the stores keep in their tables (`statistics`, `sleep_nights`), computed for
/// a range of days from a store's samples the same way on SQLite and on PostgreSQL.
public enum StoredStatistics {
    /// The periods kept (hours are computed when asked for).
    public static let periods: [Period] = [.day, .week, .month]

    /// The day, week and month buckets of `type` starting in `wallRange` (local clock seconds,
    /// as ``TouchedDays/wallRanges(utcDays:monthsPerRange:)`` gives them), with each bucket's
    /// sources as the JSON the tables keep (cumulative types only).
    public static func buckets(
        type: String, kind: StatisticsKind, units: StatisticsUnits, wallRange: Range<Int64>,
        from source: inout some StatisticsSampleSource
    ) throws -> [(period: Period, bucket: StatisticsBucket, sources: String?)] {
        let result = try kind.buckets(
            type: type, units: units, window: wallRange.statisticsSampleWindow, periods: periods, preferred: nil,
            from: &source)
        let names = source.sources.map(\.name)
        var buckets: [(period: Period, bucket: StatisticsBucket, sources: String?)] = []
        for period in periods {
            for bucket in result[period] ?? [] where wallRange.contains(bucket.wallStart) {
                let sources =
                    kind == .discrete
                    ? nil
                    : StatisticsOutput.Value.amounts(
                        bucket.sources.map { (names[Int($0.source)], $0.amount) }.sorted { $0.0 < $1.0 }
                    ).json
                buckets.append((period, bucket, sources))
            }
        }
        return buckets
    }

    /// The nights of sleep whose day starts in `wallRange`, with their sources as JSON.
    public static func nights(
        wallRange: Range<Int64>, from source: inout some StatisticsSampleSource
    ) throws -> [(night: SleepNight, sources: String)] {
        // A night of day D holds samples starting D 12:00 to D+1 12:00 on their clock (offsets -12:00 to +14:00).
        let samples = try source.sleep(
            startingIn: (wallRange.lowerBound - 3 * 3600)..<(wallRange.upperBound + 25 * 3600))
        let nights = SleepNights.nights(samples, priority: try source.priority(preferred: nil), zones: source.zones)
        let names = source.sources.map(\.name)
        return nights.filter { wallRange.contains($0.wallStart - 43_200) }.map {
            ($0, StatisticsOutput.values($0, sourceNames: names)[10].json)
        }
    }

    /// The range of the `sleep_nights` rows whose nights start in `wallRange`: a night's row
    /// is keyed by its start, noon of its day.
    public static func nightRows(_ wallRange: Range<Int64>) -> Range<Int64> {
        (wallRange.lowerBound + 43_200)..<(wallRange.upperBound + 43_200)
    }
}

extension StatisticsKind {
    /// The buckets of `type` in `periods` from `source`'s samples in `window`: cumulative
    /// amounts merged by source priority (`preferred`, or the store's order), discrete ones
    /// over every source (their samples starting in the window).
    func buckets(
        type: String, units: StatisticsUnits, window: Range<Int64>, periods: [Period], preferred: [String]?,
        from source: inout some StatisticsSampleSource
    ) throws -> [Period: [StatisticsBucket]] {
        let samples = try source.quantities(type: type, units: units, window: window, startingIn: self == .discrete)
        guard self == .cumulative else {
            return DiscreteStatistics.buckets(samples, periods: periods, zones: source.zones)
        }
        return CumulativeStatistics.buckets(
            samples, periods: periods, priority: try source.priority(preferred: preferred), zones: source.zones)
    }
}
