/// Puts the times of day of an HRV sample's beats (`InstantaneousBeatsPerMinute@time`) on the
/// time line.
///
/// A beat's time is the wall-clock time of the zone the recording was made in, with no date.
/// The sample's own dates carry the offset the export was written in, which is not always that
/// zone: an export made in summer (+02:00) writes a January sample's dates in +02:00 while its
/// beats read as winter time (+01:00), an hour "before" the sample starts. So each beat is
/// taken on the sample's day in the sample's offset and, when that lands outside the sample's
/// interval, moved by the whole quarter-hours (zone offsets are multiples of 15 minutes) and
/// days that bring it inside, or as close as it gets, preferring the smallest move. Beats
/// just after midnight land on the next day; beats after a daylight-saving change inside the
/// recording get their own move.
struct BeatTimes {
    /// How far outside the sample's interval a beat may lie and still be taken as written.
    static let tolerance: Int64 = 5 * 60_000
    /// The step between zone offsets.
    static let step: Int64 = 15 * 60_000
    /// The largest move tried, besides whole days.
    static let largestShift: Int64 = 12 * 3_600_000
    static let day: Int64 = 86_400_000

    private let start: Int64
    private let end: Int64
    private let naiveMidnight: Int64
    /// The move the previous beat needed: the beats of one sample share their zone.
    private var shift: Int64 = 0

    /// The beats of a sample from `start` to `end`.
    init(start: ExportTimestamp, end: ExportTimestamp) {
        let offsetMillis = Int64(start.offsetMinutes) * 60_000
        self.start = start.secondsSince1970 * 1000
        // Dates are whole seconds; beats have hundredths.
        self.end = max(self.start, end.secondsSince1970 * 1000 + 999)
        naiveMidnight = floorDiv(self.start + offsetMillis, Self.day) * Self.day - offsetMillis
    }

    /// The instant of a beat written `millis` after midnight, in milliseconds since 1970.
    mutating func instant(timeOfDay millis: Int64) -> Int64 {
        let naive = nearestDay(naiveMidnight + millis)
        if distance(naive) <= Self.tolerance { return naive }
        if shift != 0, distance(nearestDay(naive + shift)) <= Self.tolerance { return nearestDay(naive + shift) }
        var best = naive
        var bestDistance = distance(naive)
        var bestShift: Int64 = 0
        var move = Self.step
        while move <= Self.largestShift {
            for signed in [move, -move] {
                for days in [Int64(0), -1, 1] {
                    let candidate = naive + signed + days * Self.day
                    let candidateDistance = distance(candidate)
                    if candidateDistance < bestDistance {
                        (best, bestDistance, bestShift) = (candidate, candidateDistance, signed)
                    }
                }
            }
            if bestDistance == 0 { break }
            move += Self.step
        }
        if bestDistance <= Self.tolerance { shift = bestShift }
        return best
    }

    /// `instant` moved by whole days to lie within half a day of the sample's start.
    private func nearestDay(_ instant: Int64) -> Int64 {
        var instant = instant
        if instant < start - Self.day / 2 { instant += Self.day }
        if instant > start + Self.day / 2 { instant -= Self.day }
        return instant
    }

    /// How far `instant` lies outside the sample's interval; 0 inside it.
    private func distance(_ instant: Int64) -> Int64 {
        instant < start ? start - instant : instant > end ? instant - end : 0
    }
}
