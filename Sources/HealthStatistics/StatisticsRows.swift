/// The statistics rows of one range of local days, computed from the samples and not yet
/// written: one type's day, week and month buckets, or the nights of sleep.
public struct StatisticsRows: Sendable {
    /// The rows themselves.
    public enum Content: Sendable {
        /// A type's buckets, in `unit`; `discrete` ones have an average, minimum, maximum and count.
        case buckets(unit: String, discrete: Bool, [(period: Period, bucket: StatisticsBucket, sources: String?)])
        /// Nights of sleep.
        case nights([(night: SleepNight, sources: String)])
    }

    /// The type identifier.
    public let type: String
    /// The local days the rows replace, as ``TouchedDays/wallRanges(utcDays:monthsPerRange:)`` gives them.
    public let wallRange: Range<Int64>
    public let content: Content

    /// Computes the rows of `type`'s buckets (or nights) that `days` reach, `monthsPerRange`
    /// months at a time, handing each range to `deliver`. A type without statistics delivers nothing.
    public static func compute(
        type: String, days: Set<Int32>, monthsPerRange: Int, reader: inout some StatisticsSampleSource,
        deliver: (StatisticsRows) throws -> Void
    ) throws {
        guard let kind = StatisticsKind(type: type) else { return }
        let units = try reader.units(type: type)
        for range in TouchedDays.wallRanges(utcDays: days, monthsPerRange: monthsPerRange) {
            switch kind {
            case .sleep:
                let nights = try StoredStatistics.nights(wallRange: range, from: &reader)
                try deliver(StatisticsRows(type: type, wallRange: range, content: .nights(nights)))
            case .cumulative, .discrete:
                let buckets = try StoredStatistics.buckets(
                    type: type, kind: kind, units: units, wallRange: range, from: &reader)
                try deliver(
                    StatisticsRows(
                        type: type, wallRange: range,
                        content: .buckets(unit: units.unit, discrete: kind == .discrete, buckets)))
            }
        }
    }
}
