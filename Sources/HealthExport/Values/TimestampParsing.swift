/// Fixed-format parsers for the export's dates, reading bytes directly.
///
/// Accepted forms (the first two are the ones Apple writes):
/// - `2019-03-23 18:47:21 -0700` (every export since iOS 9)
/// - `20150616071916-0700` (iOS 8)
/// - lenient variants: `T` instead of the space, no space before the offset, `-07:00`, `Z`.
public enum TimestampParser {
    /// Parses a date-time with offset, or returns `nil` when `bytes` is not one.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ExportTimestamp? {
        if bytes.count == 25, let parsed = parseStandard(bytes) { return parsed }
        var cursor = DigitCursor(bytes)
        guard let year = cursor.digits(4) else { return nil }
        let compact = cursor.peek != UInt8(ascii: "-")
        if !compact { cursor.skip() }
        guard let month = cursor.digits(2) else { return nil }
        if !compact { guard cursor.consume(UInt8(ascii: "-")) else { return nil } }
        guard let day = cursor.digits(2) else { return nil }
        if !compact {
            guard cursor.consume(UInt8(ascii: " ")) || cursor.consume(UInt8(ascii: "T")) else { return nil }
        }
        guard let hour = cursor.digits(2) else { return nil }
        if !compact { guard cursor.consume(UInt8(ascii: ":")) else { return nil } }
        guard let minute = cursor.digits(2) else { return nil }
        if !compact { guard cursor.consume(UInt8(ascii: ":")) else { return nil } }
        guard let second = cursor.digits(2) else { return nil }
        if cursor.consume(UInt8(ascii: ".")) || cursor.consume(UInt8(ascii: ",")) {
            while cursor.peek.map(isDigit) == true { cursor.skip() }
        }
        _ = cursor.consume(UInt8(ascii: " "))
        guard let offset = cursor.offsetMinutes(), cursor.atEnd else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else {
            return nil
        }
        let days = Int64(CivilDays.days(year: year, month: month, day: day))
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return ExportTimestamp(secondsSince1970: local - Int64(offset) * 60, offsetMinutes: Int32(offset))
    }

    /// The fast path for `yyyy-MM-dd HH:mm:ss ±HHMM`, the form of nearly every date in an export:
    /// fixed positions, no cursor. `nil` sends anything unusual to the general parser.
    @inline(__always)
    static func parseStandard(_ b: UnsafeRawBufferPointer) -> ExportTimestamp? {
        guard let days = standardDays(b) else { return nil }
        return standardInstant(b, days: days)
    }

    /// Parses as `parse(_:)` does, taking the date of a standard timestamp from `cache` when
    /// it is the last one's: an export's records come in date order, so nearly every date
    /// shares its day with the one read before it.
    static func parse(_ bytes: UnsafeRawBufferPointer, cache: inout TimestampDayCache) -> ExportTimestamp? {
        guard bytes.count == 25 else { return parse(bytes) }
        let head = bytes.loadUnaligned(as: UInt64.self)
        let tail = bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if head != cache.head || tail != cache.tail || cache.days == nil {
            guard let days = standardDays(bytes) else { return parse(bytes) }
            cache = TimestampDayCache(head: head, tail: tail, days: days)
        }
        return standardInstant(bytes, days: cache.days!) ?? parse(bytes)
    }

    /// The days since 1970 of a standard timestamp's `yyyy-MM-dd`, or `nil`.
    @inline(__always)
    static func standardDays(_ b: UnsafeRawBufferPointer) -> Int64? {
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        var invalid: UInt8 = 0
        @inline(__always) func digit(_ index: Int) -> Int {
            let value = b[index] &- 48
            invalid |= value > 9 ? 1 : 0
            return Int(value)
        }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        guard invalid == 0, (1...12).contains(month), (1...31).contains(day) else { return nil }
        return Int64(CivilDays.days(year: year, month: month, day: day))
    }

    /// The instant of a standard timestamp from its ` HH:mm:ss ±HHMM`, its date being `days`
    /// since 1970; `nil` when that part is not in the standard form.
    @inline(__always)
    static func standardInstant(_ b: UnsafeRawBufferPointer, days: Int64) -> ExportTimestamp? {
        guard b[10] == UInt8(ascii: " "), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            b[19] == UInt8(ascii: " ")
        else { return nil }
        var invalid: UInt8 = 0
        @inline(__always) func digit(_ index: Int) -> Int {
            let value = b[index] &- 48
            invalid |= value > 9 ? 1 : 0
            return Int(value)
        }
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        let sign = b[20]
        let offsetHours = digit(21) * 10 + digit(22)
        let offsetMinutes = digit(23) * 10 + digit(24)
        guard invalid == 0, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), hour <= 24, minute <= 59,
            second <= 60, offsetHours <= 18, offsetMinutes < 60
        else { return nil }
        let offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return ExportTimestamp(secondsSince1970: local - Int64(offset) * 60, offsetMinutes: Int32(offset))
    }

    /// Parses a bare calendar day, `yyyy-MM-dd` or `yyyyMMdd`, or returns `nil`.
    public static func parseDay(_ bytes: UnsafeRawBufferPointer) -> CalendarDay? {
        var cursor = DigitCursor(bytes)
        guard let year = cursor.digits(4) else { return nil }
        let dashed = cursor.consume(UInt8(ascii: "-"))
        guard let month = cursor.digits(2) else { return nil }
        if dashed { guard cursor.consume(UInt8(ascii: "-")) else { return nil } }
        guard let day = cursor.digits(2), cursor.atEnd, (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// Parses a date-time held in a `String`.
    public static func parse(_ text: String) -> ExportTimestamp? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses a calendar day held in a `String`.
    public static func parseDay(_ text: String) -> CalendarDay? {
        var text = text
        return text.withUTF8 { parseDay(UnsafeRawBufferPointer($0)) }
    }
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

/// A forward reader over ASCII bytes for the fixed-width fields of dates and times.
struct DigitCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skip() { index += 1 }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Reads exactly `count` decimal digits.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for i in index..<index + count {
            let digit = bytes[i] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += count
        return value
    }

    /// Reads one or more decimal digits.
    mutating func number() -> Int? {
        var value = 0
        let start = index
        while index < bytes.count, bytes[index] &- 48 < 10, index - start < 9 {
            value = value * 10 + Int(bytes[index] &- 48)
            index += 1
        }
        return index > start ? value : nil
    }

    /// Reads `±HHMM`, `±HH:MM`, `±HH` or `Z`, returning minutes east of UTC.
    mutating func offsetMinutes() -> Int? {
        if consume(UInt8(ascii: "Z")) { return 0 }
        let sign: Int
        if consume(UInt8(ascii: "+")) {
            sign = 1
        } else if consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = digits(2), hours <= 18 else { return nil }
        _ = consume(UInt8(ascii: ":"))
        let minutes = atEnd ? 0 : digits(2)
        guard let minutes, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}

/// The date of the last standard timestamp ``TimestampParser/parse(_:cache:)`` read: its
/// first ten bytes and the days since 1970 they name.
struct TimestampDayCache {
    var head: UInt64 = 0
    var tail: UInt16 = 0
    var days: Int64?
}
