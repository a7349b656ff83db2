/// The length of a statistics bucket, on the local clock of each sample.
public enum Period: String, Sendable, CaseIterable, Codable {
    /// One clock hour.
    case hour
    /// Midnight to midnight.
    case day
    /// Monday 00:00 to the next Monday 00:00 (ISO 8601 weeks).
    case week
    /// The first of a month 00:00 to the first of the next.
    case month
    /// Sleep nights: day D 12:00 to D+1 12:00; a night is named by day D.
    case night

    /// The wall-clock start of the bucket holding the wall-clock instant `wall`.
    @inline(__always)
    public func bucketStart(wall: Int64) -> Int64 {
        switch self {
        case .hour:
            return CivilCalendar.floorDiv(wall, 3600) * 3600
        case .day:
            return CivilCalendar.floorDiv(wall, 86_400) * 86_400
        case .week:
            let days = CivilCalendar.floorDiv(wall, 86_400)
            // 1970-01-01 was a Thursday: Monday is three days before it.
            let monday = days - ((days + 3) % 7 + 7) % 7
            return monday * 86_400
        case .month:
            let (year, month, _) = CivilCalendar.date(days: CivilCalendar.floorDiv(wall, 86_400))
            return CivilCalendar.days(year: year, month: month, day: 1) * 86_400
        case .night:
            return CivilCalendar.floorDiv(wall - 43_200, 86_400) * 86_400 + 43_200
        }
    }

    /// The wall-clock start of the bucket after the one starting at `start`.
    @inline(__always)
    public func nextBucketStart(after start: Int64) -> Int64 {
        switch self {
        case .hour: return start + 3600
        case .day, .night: return start + 86_400
        case .week: return start + 7 * 86_400
        case .month:
            let (year, month, _) = CivilCalendar.date(days: CivilCalendar.floorDiv(start, 86_400))
            let next = month == 12 ? (year + 1, 1) : (year, month + 1)
            return CivilCalendar.days(year: next.0, month: next.1, day: 1) * 86_400
        }
    }

    /// The instants (UTC seconds) a bucket starting at wall-clock `wallStart` can span on any clock (offsets
    /// from -12:00 to +14:00, with an hour to spare for transitions). The statistics of the bucket computed from
    /// the samples overlapping this range equal those computed from all samples.
    public func sampleWindow(wallStart: Int64) -> Range<Int64> {
        (wallStart - 15 * 3600)..<(nextBucketStart(after: wallStart) + 13 * 3600)
    }
}
