/// The buckets of one period being filled, found by wall-clock start (hours by their instant); the last one used
/// is tried first.
struct BucketTable {
    let period: Period
    private(set) var buckets: [StatisticsBucket] = []
    /// Buckets by wall-clock start; hours by the instant they start.
    private var indexByKey: [Int64: Int] = [:]
    // The span of the bucket last used, on the clock last used: contributions inside it skip the look-up.
    private var cachedZone: LocalZones.ZoneID = -1
    private var cachedStart: Int64 = 0
    private var cachedEnd: Int64 = 0
    private var cachedIndex = 0
    /// Per bucket, the latest instant a look-up found it for: its end is shown on that sample's clock.
    private var latest: [Int64] = []
    /// Per bucket, whether only the ends of samples started before it fell into it so far: the
    /// first sample that starts in it shows its start on its own clock.
    private var spilledOnly: [Bool] = []

    init(period: Period) {
        self.period = period
    }

    /// The index of the bucket holding `instant` on clock `zone`, and the instant that bucket ends on that clock.
    /// `spill`: `instant` is where a sample started before reaches into the next bucket, not its start.
    ///
    /// Without `HKTimeZone` a sample's clock is the offset its start was written with, so on the
    /// day clocks change, samples of one bucket come on two clocks: the bucket shows its start on
    /// the clock of the first sample that starts in it, and its end on the clock of the latest.
    @inline(__always)
    mutating func bucket(
        holding instant: Int64, zone: LocalZones.ZoneID, zones: LocalZones, spill: Bool = false
    ) -> (index: Int, end: Int64) {
        if zone == cachedZone, cachedStart <= instant, instant < cachedEnd { return (cachedIndex, cachedEnd) }
        let wall = zones.wall(zone, at: instant)
        let wallStart = period.bucketStart(wall: wall)
        let start: Int64
        let end: Int64
        if period == .hour {
            // The hour the clocks repeat when they go back is two hours, told apart by their instants.
            start = instant - (wall - wallStart)
            end = start + 3600
        } else {
            start = zones.instant(zone, wall: wallStart)
            end = zones.instant(zone, wall: period.nextBucketStart(after: wallStart))
        }
        let key = period == .hour ? start : wallStart
        let index: Int
        if let found = indexByKey[key] {
            index = found
            relabel(index, instant: instant, zone: zone, wallStart: wallStart, start: start, spill: spill, zones: zones)
        } else {
            index = buckets.count
            indexByKey[key] = index
            buckets.append(
                StatisticsBucket(
                    period: period, wallStart: wallStart, zone: zone, start: start, end: end,
                    startOffset: zones.offset(zone, at: start), endOffset: zones.offset(zone, at: end),
                    sum: 0, count: 0, minimum: .infinity, maximum: -.infinity, sources: []))
            latest.append(instant)
            spilledOnly.append(spill)
        }
        cachedZone = zone
        cachedStart = start
        cachedEnd = end
        cachedIndex = index
        return (index, end)
    }

    /// Shows bucket `index`'s start on the clock of the first sample that starts in it, and its
    /// end on the clock of the latest one found in it.
    private mutating func relabel(
        _ index: Int, instant: Int64, zone: LocalZones.ZoneID, wallStart: Int64, start: Int64, spill: Bool,
        zones: LocalZones
    ) {
        if !spill, spilledOnly[index] {
            spilledOnly[index] = false
            if zone != buckets[index].zone {
                buckets[index].zone = zone
                buckets[index].wallStart = wallStart
                buckets[index].start = start
                buckets[index].startOffset = zones.offset(zone, at: start)
            }
        }
        guard instant >= latest[index] else { return }
        latest[index] = instant
        let end =
            period == .hour ? buckets[index].end : zones.instant(zone, wall: period.nextBucketStart(after: wallStart))
        buckets[index].end = end
        buckets[index].endOffset = zones.offset(zone, at: end)
    }

    /// Adds `amount`, spread evenly over `[start, end)` (all of it at `start` when they are equal), to the
    /// buckets of clock `zone` that span overlaps, credited to `source`.
    @inline(__always)
    mutating func spread(
        _ amount: Double, from start: Int64, to end: Int64, zone: LocalZones.ZoneID, source: Int32, zones: LocalZones
    ) {
        var from = start
        while true {
            let (index, bucketEnd) = bucket(holding: from, zone: zone, zones: zones, spill: from != start)
            if end <= bucketEnd {
                let share = start == end ? amount : amount * Double(end - from) / Double(end - start)
                add(share, to: index, source: source)
                return
            }
            add(amount * Double(bucketEnd - from) / Double(end - start), to: index, source: source)
            from = bucketEnd
        }
    }

    @inline(__always)
    private mutating func add(_ amount: Double, to index: Int, source: Int32) {
        buckets[index].sum += amount
        buckets[index].sources.add(amount, source: source)
    }

    /// Adds one value of a discrete type to the bucket holding `instant` on clock `zone`.
    @inline(__always)
    mutating func record(_ value: Double, at instant: Int64, zone: LocalZones.ZoneID, source: Int32, zones: LocalZones)
    {
        let index = bucket(holding: instant, zone: zone, zones: zones).index
        buckets[index].sum += value
        buckets[index].count += 1
        buckets[index].minimum = min(buckets[index].minimum, value)
        buckets[index].maximum = max(buckets[index].maximum, value)
        buckets[index].sources.add(1, source: source)
    }

    /// The buckets in order of wall-clock start (a repeated hour's two in the order they came).
    func sorted() -> [StatisticsBucket] {
        buckets.sorted { ($0.wallStart, $0.start) < ($1.wallStart, $1.start) }
    }
}
