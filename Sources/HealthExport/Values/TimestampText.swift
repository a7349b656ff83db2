/// Writes timestamps as ``ExportTimestamp/writeISO8601(into:)`` does, byte for byte, keeping the
/// text of the last local day and the last offset.
///
/// A record's timestamps mostly share both with the one before (a sample's creation, start
/// and end; the next sample of the same day), so most cost a copy of the day instead of a
/// calendar computation. The store's statements and the JSON lines write through one each.
public struct TimestampText {
    /// Local days since 1970 of ``day``.
    private var dayNumber = Int64.min
    /// `yyyy-MM-dd` of ``dayNumber``.
    private var day: (UInt64, UInt16) = (0, 0)
    /// The offset of ``offset``, in minutes.
    private var offsetMinutes = Int32.min
    /// `+hh:mm` of ``offsetMinutes``.
    private var offset: (UInt32, UInt16) = (0, 0)

    /// Starts with no day or offset known.
    public init() {}

    /// Writes `value` at `out` (at most ``ExportTimestamp/maximumISO8601Length`` bytes); returns
    /// how many bytes it wrote.
    public mutating func write(_ value: ExportTimestamp, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let local = value.secondsSince1970 + Int64(value.offsetMinutes) * 60
        let days = floorDiv(local, 86_400)
        if days != dayNumber {
            withUnsafeMutableBytes(of: &day) { bytes in
                _ = CalendarDay(daysSince1970: Int32(truncatingIfNeeded: days))
                    .writeISO8601(into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            dayNumber = days
        }
        if value.offsetMinutes != offsetMinutes {
            let minutes = Int(value.offsetMinutes)
            withUnsafeMutableBytes(of: &offset) { bytes in
                bytes[0] = minutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                Self.two(abs(minutes) / 60, at: bytes.baseAddress! + 1)
                bytes[3] = UInt8(ascii: ":")
                Self.two(abs(minutes) % 60, at: bytes.baseAddress! + 4)
            }
            offsetMinutes = value.offsetMinutes
        }
        let secondOfDay = Int(local - days * 86_400)
        let raw = UnsafeMutableRawPointer(out)
        withUnsafeBytes(of: day) { raw.copyMemory(from: $0.baseAddress!, byteCount: 10) }
        out[10] = UInt8(ascii: "T")
        Self.two(secondOfDay / 3600, at: raw + 11)
        out[13] = UInt8(ascii: ":")
        Self.two(secondOfDay / 60 % 60, at: raw + 14)
        out[16] = UInt8(ascii: ":")
        Self.two(secondOfDay % 60, at: raw + 17)
        withUnsafeBytes(of: offset) { (raw + 19).copyMemory(from: $0.baseAddress!, byteCount: 6) }
        return 25
    }

    @inline(__always)
    private static func two(_ value: Int, at out: UnsafeMutableRawPointer) {
        out.storeBytes(of: UInt8(truncatingIfNeeded: 48 + value / 10), as: UInt8.self)
        (out + 1).storeBytes(of: UInt8(truncatingIfNeeded: 48 + value % 10), as: UInt8.self)
    }
}
