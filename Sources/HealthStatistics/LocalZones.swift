import Foundation

/// The local clocks samples were recorded on: IANA zones (from `HKTimeZone`) and fixed UTC offsets (as written).
///
/// Samples name their clock by a small index (`ZoneID`) so that the hot loops compare integers. Offsets of
/// IANA zones come from Foundation's `TimeZone` once per stretch between two transitions, then from a cache;
/// lookups in time order (the usual case) cost one comparison.
public final class LocalZones {
    /// The index of a clock in a ``LocalZones``.
    public typealias ZoneID = Int32

    struct Stretch {
        var from: Int64
        var until: Int64
        var offset: Int32
    }

    enum Clock {
        case fixed(Int32)
        case named(TimeZone, [Stretch], last: Int)
    }

    // Read for every sample: no run-time exclusivity checks (the class is used from one thread at a time).
    @exclusivity(unchecked) private var clocks: [Clock] = []
    @exclusivity(unchecked) private var names: [String: ZoneID] = [:]
    @exclusivity(unchecked) private var offsets: [Int32: ZoneID] = [:]
    @exclusivity(unchecked) private var lastFixed: (offset: Int32, zone: ZoneID) = (Int32.min, 0)

    /// An empty set of clocks.
    public init() {}

    /// The offset of ISO 8601 text ending in `±HH:MM` (a sample's `start_date`), in seconds;
    /// 0 for anything else.
    @inline(__always)
    public static func writtenOffset(of text: UnsafeRawBufferPointer) -> Int32 {
        guard text.count >= 6 else { return 0 }
        let at = text.count - 6
        let sign = text[at]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), text[at + 3] == UInt8(ascii: ":") else {
            return 0
        }
        func digit(_ index: Int) -> Int32 { Int32(text[at + index]) - 48 }
        let seconds = (digit(1) * 10 + digit(2)) * 3600 + (digit(4) * 10 + digit(5)) * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// The clock of a fixed offset from UTC, in seconds (`-25200` for `-07:00`).
    @inline(__always)
    public func fixed(offsetSeconds: Int32) -> ZoneID {
        if lastFixed.offset == offsetSeconds { return lastFixed.zone }
        return fixedLookingUp(offsetSeconds)
    }

    private func fixedLookingUp(_ offsetSeconds: Int32) -> ZoneID {
        if let id = offsets[offsetSeconds] {
            lastFixed = (offsetSeconds, id)
            return id
        }
        let id = ZoneID(clocks.count)
        clocks.append(.fixed(offsetSeconds))
        offsets[offsetSeconds] = id
        lastFixed = (offsetSeconds, id)
        return id
    }

    /// The clock of an IANA zone name (`Europe/Paris`), or `nil` when the name is unknown.
    public func named(_ name: String) -> ZoneID? {
        if let id = names[name] { return id }
        guard let zone = TimeZone(identifier: name) else { return nil }
        let id = ZoneID(clocks.count)
        clocks.append(.named(zone, [], last: 0))
        names[name] = id
        return id
    }

    /// The clock of a sample: its `HKTimeZone` when that names a known zone, else its written offset.
    public func zone(timeZoneName: String?, writtenOffsetSeconds: Int32) -> ZoneID {
        if let timeZoneName, let id = named(timeZoneName) { return id }
        return fixed(offsetSeconds: writtenOffsetSeconds)
    }

    /// The offset from UTC, in seconds, of clock `zone` at `instant` (UTC seconds).
    @inline(__always)
    public func offset(_ zone: ZoneID, at instant: Int64) -> Int32 {
        switch clocks[Int(zone)] {
        case .fixed(let offset): return offset
        case .named(_, let stretches, let last):
            if last < stretches.count, stretches[last].from <= instant, instant < stretches[last].until {
                return stretches[last].offset
            }
            return namedOffset(zone, at: instant)
        }
    }

    private func namedOffset(_ zone: ZoneID, at instant: Int64) -> Int32 {
        guard case .named(let timeZone, var stretches, _) = clocks[Int(zone)] else { return 0 }
        clocks[Int(zone)] = .fixed(0)  // release the array so it is changed in place
        // The last stretch starting at or before the instant.
        var low = 0
        var high = stretches.count
        while low < high {
            let middle = (low + high) / 2
            if stretches[middle].from <= instant { low = middle + 1 } else { high = middle }
        }
        let index: Int
        if low > 0, instant < stretches[low - 1].until {
            index = low - 1
        } else {
            let date = Date(timeIntervalSince1970: Double(instant))
            let offset = Int32(timeZone.secondsFromGMT(for: date))
            let next = timeZone.nextDaylightSavingTimeTransition(after: date)
            var until = next.map { Int64($0.timeIntervalSince1970.rounded(.up)) } ?? Int64.max
            if low < stretches.count { until = min(until, stretches[low].from) }
            stretches.insert(Stretch(from: instant, until: max(until, instant + 1), offset: offset), at: low)
            index = low
        }
        let offset = stretches[index].offset
        clocks[Int(zone)] = .named(timeZone, stretches, last: index)
        return offset
    }

    /// The wall-clock reading of clock `zone` at `instant`.
    @inline(__always)
    public func wall(_ zone: ZoneID, at instant: Int64) -> Int64 {
        instant + Int64(offset(zone, at: instant))
    }

    /// The instant at which clock `zone` reads `wall`; in a gap of a transition, the instant after it.
    public func instant(_ zone: ZoneID, wall: Int64) -> Int64 {
        let guess = wall - Int64(offset(zone, at: wall))
        let second = wall - Int64(offset(zone, at: guess))
        if self.wall(zone, at: second) == wall { return second }
        return max(guess, second)
    }
}
