/// The UTC days, per type, that new, updated or deleted samples cover: the statistics to recompute.
///
/// A store notes every sample it writes or removes here (cheaply: a run of samples on one day costs one
/// comparison each) and later recomputes the buckets of those days, the weeks and months holding them, and
/// the days next to them (a UTC day overlaps three local days).
public struct TouchedDays: Sendable {
    /// Per type identifier, the UTC days (days since 1970) touched.
    public private(set) var days: [String: Set<Int32>] = [:]
    private var lastType = ""
    private var lastDay = Int32.min

    /// Nothing touched.
    public init() {}

    /// Whether nothing was touched.
    public var isEmpty: Bool { days.isEmpty }

    /// Notes a sample of `type` from `start` to `end` (UTC seconds).
    @inline(__always)
    public mutating func note(type: String, start: Int64, end: Int64) {
        let first = Int32(truncatingIfNeeded: CivilCalendar.floorDiv(start, 86_400))
        let last = Int32(truncatingIfNeeded: CivilCalendar.floorDiv(max(start, end), 86_400))
        if first == last, first == lastDay, type == lastType { return }
        noteDays(type: type, first: first, last: last)
    }

    private mutating func noteDays(type: String, first: Int32, last: Int32) {
        // A sample longer than a year is noted by its first year: no real sample lasts that long.
        for day in first...min(last, first + 366) { days[type, default: []].insert(day) }
        lastType = type
        lastDay = first == last ? first : Int32.min
    }

    /// Notes a sample of `type` starting at `start` whose end is not known here (a record marked
    /// deleted or replaced): its day and the next, which a sample crossing midnight reaches.
    public mutating func noteAround(type: String, start: Int64) {
        note(type: type, start: start, end: start + 86_400)
    }

    /// Notes the UTC day `day` of `type`.
    public mutating func note(type: String, day: Int32) {
        days[type, default: []].insert(day)
    }

    /// Forgets everything.
    public mutating func removeAll() {
        days.removeAll()
        lastType = ""
        lastDay = Int32.min
    }

    /// The wall-clock ranges (seconds on local clocks, aligned to months) whose buckets the touched days of one
    /// type can change, each at most `monthsPerRange` months long, in order.
    public static func wallRanges(utcDays: Set<Int32>, monthsPerRange: Int = 3) -> [Range<Int64>] {
        var months = Set<Int64>()
        for day in utcDays {
            // A UTC day reaches the local days before and after it; a night starting on the day before, too.
            // Its week may start in the month before.
            for local in (Int64(day) - 1)...(Int64(day) + 1) {
                months.insert(Period.month.bucketStart(wall: local * 86_400))
                months.insert(Period.month.bucketStart(wall: Period.week.bucketStart(wall: local * 86_400)))
            }
        }
        var ranges: [Range<Int64>] = []
        for month in months.sorted() {
            if let last = ranges.last, last.upperBound == month,
                monthsBetween(last.lowerBound, month) < monthsPerRange
            {
                ranges[ranges.count - 1] = last.lowerBound..<Period.month.nextBucketStart(after: month)
            } else {
                ranges.append(month..<Period.month.nextBucketStart(after: month))
            }
        }
        return ranges
    }

    private static func monthsBetween(_ a: Int64, _ b: Int64) -> Int {
        let (y1, m1, _) = CivilCalendar.date(days: CivilCalendar.floorDiv(a, 86_400))
        let (y2, m2, _) = CivilCalendar.date(days: CivilCalendar.floorDiv(b, 86_400))
        return (y2 - y1) * 12 + (m2 - m1)
    }
}

extension Range where Bound == Int64 {
    /// The instants (UTC seconds) whose samples decide every bucket starting in this wall-clock range: from
    /// the Monday of its first week, to the end of the week of its last day, with room for every offset.
    public var statisticsSampleWindow: Range<Int64> {
        let from = Swift.min(lowerBound, Period.week.bucketStart(wall: lowerBound))
        let to = Swift.max(
            upperBound, Period.week.nextBucketStart(after: Period.week.bucketStart(wall: upperBound - 1)))
        return (from - 15 * 3600)..<(to + 13 * 3600)
    }
}
