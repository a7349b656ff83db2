/// Totals of a cumulative type (steps, distances, energy, ...) merged across sources the way the Health app
/// merges them.
///
/// The time line is cut at every sample's start and end. In each piece only the samples of the
/// highest-priority source with a sample covering the piece count (a hand-entered sample before every
/// source), each with its value times the share of its duration that lies in the piece. A sample whose
/// start equals its end counts whole, in the piece of no length at its instant. Buckets cut samples the same
/// way, on each sample's local clock: a sample from 23:50 to 00:10 gives half to each day.
public enum CumulativeStatistics {
    /// The buckets of each period in `periods` that `samples` reach, in order of wall-clock start.
    ///
    /// A bucket's total is exact when `samples` hold every sample overlapping it; buckets at the edges of a
    /// partial set of samples may be short.
    public static func buckets(
        _ samples: [StatisticsSample], periods: [Period], priority: SourcePriority, zones: LocalZones
    ) -> [Period: [StatisticsBucket]] {
        var tables = periods.map { BucketTable(period: $0) }
        let intervals = samples.map {
            PriorityTimeline.Interval(
                start: $0.start, end: $0.end, key: priority.key(source: $0.source, userEntered: $0.userEntered))
        }
        PriorityTimeline.sweep(intervals) { start, end, winners in
            for index in winners {
                let sample = samples[Int(index)]
                let amount =
                    start == end ? sample.value : sample.value * Double(end - start) / Double(sample.end - sample.start)
                for table in tables.indices {
                    tables[table].spread(
                        amount, from: start, to: end, zone: sample.zone, source: sample.source, zones: zones)
                }
            }
        }
        var result: [Period: [StatisticsBucket]] = [:]
        for table in tables { result[table.period] = table.sorted() }
        return result
    }
}
