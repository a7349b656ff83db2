/// An instant as the export wrote it: seconds since 1970 UTC plus the UTC offset it was written in.
///
/// Two timestamps are equal when they denote the same instant, whatever their offsets:
/// the same measurement exported from another time zone compares equal.
public struct ExportTimestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var secondsSince1970: Int64
    /// The offset from UTC the export wrote, in minutes (e.g. -300 for `-0500`).
    public var offsetMinutes: Int32

    /// Creates a timestamp from an instant and the offset to show it in.
    public init(secondsSince1970: Int64, offsetMinutes: Int32) {
        self.secondsSince1970 = secondsSince1970
        self.offsetMinutes = offsetMinutes
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSince1970 == rhs.secondsSince1970
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSince1970)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// This instant moved by `seconds`, keeping the offset.
    public func adding(seconds: Int64) -> ExportTimestamp {
        ExportTimestamp(secondsSince1970: secondsSince1970 + seconds, offsetMinutes: offsetMinutes)
    }

    /// The calendar day of this instant in its own offset.
    public var localDay: CalendarDay {
        CalendarDay(daysSince1970: Int32(floorDiv(secondsSince1970 + Int64(offsetMinutes) * 60, 86_400)))
    }

    /// ISO 8601 with the written offset, e.g. `2024-10-25T07:04:44-05:00`.
    public var iso8601: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the ISO 8601 form (`2024-10-25T07:04:44-05:00`) to `bytes`.
    public func appendISO8601(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumISO8601Length) { buffer in
            let count = writeISO8601(into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes ``writeISO8601(into:)`` writes.
    public static let maximumISO8601Length = 32

    /// Writes the ISO 8601 form at `out` (at most ``maximumISO8601Length`` bytes) and returns how many bytes it wrote.
    public func writeISO8601(into out: UnsafeMutablePointer<UInt8>) -> Int {
        let local = secondsSince1970 + Int64(offsetMinutes) * 60
        let days = floorDiv(local, 86_400)
        let secondOfDay = Int(local - days * 86_400)
        var index = CalendarDay(daysSince1970: Int32(days)).writeISO8601(into: out)
        @inline(__always) func two(_ value: Int) {
            out[index] = UInt8(truncatingIfNeeded: 48 + value / 10)
            out[index + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
            index += 2
        }
        out[index] = UInt8(ascii: "T")
        index += 1
        two(secondOfDay / 3600)
        out[index] = UInt8(ascii: ":")
        index += 1
        two(secondOfDay / 60 % 60)
        out[index] = UInt8(ascii: ":")
        index += 1
        two(secondOfDay % 60)
        let offset = Int(offsetMinutes)
        out[index] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        index += 1
        two(abs(offset) / 60)
        out[index] = UInt8(ascii: ":")
        index += 1
        two(abs(offset) % 60)
        return index
    }
}

/// A calendar day without time or zone, as `ActivitySummary@dateComponents` and a date of birth are written.
public struct CalendarDay: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01.
    public var daysSince1970: Int32

    /// Creates a day from its count of days since 1970-01-01.
    public init(daysSince1970: Int32) {
        self.daysSince1970 = daysSince1970
    }

    /// Creates a day from its proleptic Gregorian year, month (1-12) and day (1-31).
    public init(year: Int, month: Int, day: Int) {
        daysSince1970 = Int32(CivilDays.days(year: year, month: month, day: day))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// Year, month and day of this day.
    public var components: (year: Int, month: Int, day: Int) {
        CivilDays.date(fromDays: Int(daysSince1970))
    }

    /// `yyyy-MM-dd`.
    public var iso8601: String {
        var bytes: [UInt8] = []
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `yyyy-MM-dd` to `bytes`.
    public func appendISO8601(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            let count = writeISO8601(into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `yyyy-MM-dd` at `out` (years outside 0...9999 are clamped) and returns 10.
    public func writeISO8601(into out: UnsafeMutablePointer<UInt8>) -> Int {
        let (year, month, day) = components
        let clamped = min(max(year, 0), 9999)
        out[0] = UInt8(48 + clamped / 1000)
        out[1] = UInt8(48 + clamped / 100 % 10)
        out[2] = UInt8(48 + clamped / 10 % 10)
        out[3] = UInt8(48 + clamped % 10)
        out[4] = UInt8(ascii: "-")
        out[5] = UInt8(48 + month / 10)
        out[6] = UInt8(48 + month % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = UInt8(48 + day / 10)
        out[9] = UInt8(48 + day % 10)
        return 10
    }
}

@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
