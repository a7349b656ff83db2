/// One sample as statistics need it: its time span, value in the type's unit, source and local clock.
public struct StatisticsSample: Sendable, Equatable {
    /// Start, UTC seconds since 1970.
    public var start: Int64
    /// End, UTC seconds since 1970 (equal to `start` for an instant).
    public var end: Int64
    /// The value in the unit ``StatisticsUnits`` chooses for the type.
    public var value: Double
    /// The source, as an index into the ``SourcePriority``'s sources.
    public var source: Int32
    /// Entered by hand (`HKWasUserEntered` = 1).
    public var userEntered: Bool
    /// The local clock, as an index into the ``LocalZones`` in use.
    public var zone: LocalZones.ZoneID

    /// Creates a sample.
    public init(
        start: Int64, end: Int64, value: Double, source: Int32, userEntered: Bool = false, zone: LocalZones.ZoneID
    ) {
        self.start = start
        self.end = max(end, start)
        self.value = value
        self.source = source
        self.userEntered = userEntered
        self.zone = zone
    }
}

/// One bucket of statistics for a type.
public struct StatisticsBucket: Sendable, Equatable {
    /// The bucket's length.
    public var period: Period
    /// The wall-clock start of the bucket (seconds since 1970 on the local clock); names the bucket.
    public var wallStart: Int64
    /// The clock the bucket is shown in: that of its earliest sample.
    public var zone: LocalZones.ZoneID
    /// Start instant, UTC seconds.
    public var start: Int64
    /// End instant, UTC seconds.
    public var end: Int64
    /// The offsets from UTC at start and end, in seconds, to show them in.
    public var startOffset: Int32
    public var endOffset: Int32
    /// Cumulative types: the merged total. Discrete types: the sum of the values (the average is `sum / count`).
    public var sum: Double
    /// Discrete types: how many samples start in the bucket (0 for cumulative types).
    public var count: Int
    /// Discrete types: the smallest and largest value.
    public var minimum: Double
    public var maximum: Double
    /// Each source's share of ``sum`` (cumulative types) or count of samples (discrete types), as (source
    /// index, amount), in source index order.
    public var sources: [SourceAmount]

    /// Discrete types: the plain mean of the values.
    public var average: Double { count == 0 ? 0 : sum / Double(count) }

    /// The bucket's name: `yyyy-MM-dd` for days, weeks (their Monday) and months (their first day),
    /// `yyyy-MM-ddTHH:00` for hours.
    public var label: String {
        let day = CivilCalendar.dayText(wall: wallStart)
        guard period == .hour else { return day }
        let hour = Int(CivilCalendar.floorDiv(wallStart, 3600) - CivilCalendar.floorDiv(wallStart, 86_400) * 24)
        var bytes = Array(day.utf8)
        bytes.append(UInt8(ascii: "T"))
        CivilCalendar.appendTwo(hour, to: &bytes)
        bytes.append(contentsOf: Array(":00".utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ISO 8601 start with its offset (`2024-05-10T00:00:00-07:00`).
    public var startText: String { CivilCalendar.iso8601(start, offset: startOffset) }
    /// ISO 8601 end with its offset.
    public var endText: String { CivilCalendar.iso8601(end, offset: endOffset) }
}

/// An amount a source contributed.
public struct SourceAmount: Sendable, Equatable {
    /// The source, as an index into the ``SourcePriority``'s sources.
    public var source: Int32
    /// Its amount.
    public var amount: Double

    /// Creates an amount.
    public init(source: Int32, amount: Double) {
        self.source = source
        self.amount = amount
    }
}

extension [SourceAmount] {
    @inline(__always)
    mutating func add(_ amount: Double, source: Int32) {
        for index in indices where self[index].source == source {
            self[index].amount += amount
            return
        }
        var position = endIndex
        while position > startIndex, self[position - 1].source > source { position -= 1 }
        insert(SourceAmount(source: source, amount: amount), at: position)
    }
}
