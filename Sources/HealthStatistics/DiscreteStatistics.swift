/// Average, minimum, maximum and count of a discrete type (heart rate, weight, blood oxygen, ...).
///
/// Every source counts; a sample belongs to the bucket of its start, on its own local clock, and the
/// average is the plain mean of the values in the bucket.
public enum DiscreteStatistics {
    /// The buckets of each period in `periods` that `samples` start in, in order of wall-clock start.
    /// Each bucket's `sources` counts the samples of each source.
    public static func buckets(
        _ samples: [StatisticsSample], periods: [Period], zones: LocalZones
    ) -> [Period: [StatisticsBucket]] {
        var tables = periods.map { BucketTable(period: $0) }
        for sample in samples {
            for table in tables.indices {
                tables[table].record(
                    sample.value, at: sample.start, zone: sample.zone, source: sample.source, zones: zones)
            }
        }
        var result: [Period: [StatisticsBucket]] = [:]
        for table in tables { result[table.period] = table.sorted() }
        return result
    }
}
