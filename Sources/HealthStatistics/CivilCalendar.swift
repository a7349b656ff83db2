/// Proleptic Gregorian arithmetic on wall-clock seconds (seconds since 1970-01-01 00:00 of a local clock).
enum CivilCalendar {
    /// Days since 1970-01-01 of a date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a count of days since 1970-01-01 (`civil_from_days`).
    static func date(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }

    @inline(__always)
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// `yyyy-MM-dd` of a wall-clock instant.
    static func dayText(wall: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendDay(floorDiv(wall, 86_400), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ISO 8601 of an instant shown at `offset` seconds from UTC: `2024-05-10T00:00:00-07:00`.
    static func iso8601(_ instant: Int64, offset: Int32) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        appendISO8601(instant, offset: offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendISO8601(_ instant: Int64, offset: Int32, to bytes: inout [UInt8]) {
        let wall = instant + Int64(offset)
        let days = floorDiv(wall, 86_400)
        let second = Int(wall - days * 86_400)
        appendDay(days, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTwo(second / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwo(second / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwo(second % 60, to: &bytes)
        let minutes = Int(offset) / 60
        bytes.append(minutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        appendTwo(abs(minutes) / 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwo(abs(minutes) % 60, to: &bytes)
    }

    static func appendDay(_ days: Int64, to bytes: inout [UInt8]) {
        let (year, month, day) = date(days: days)
        let clamped = min(max(year, 0), 9999)
        appendTwo(clamped / 100, to: &bytes)
        appendTwo(clamped % 100, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendTwo(month, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendTwo(day, to: &bytes)
    }

    @inline(__always)
    static func appendTwo(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: 48 + value / 10))
        bytes.append(UInt8(truncatingIfNeeded: 48 + value % 10))
    }

    /// Days since 1970-01-01 of a `yyyy-MM-dd` text, or `nil` when it is not one.
    static func days(parsing text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let days = days(year: year, month: month, day: day)
        guard date(days: days) == (year, month, day) else { return nil }
        return days
    }
}

/// Local calendar days as `stats --since`/`--until` take them.
public enum LocalDay {
    /// Days since 1970-01-01 of a `yyyy-MM-dd` text, or `nil` when it is not a valid date.
    public static func days(_ text: String) -> Int64? { CivilCalendar.days(parsing: text) }

    /// `yyyy-MM-dd` of a count of days since 1970-01-01.
    public static func text(_ days: Int64) -> String { CivilCalendar.dayText(wall: days * 86_400) }
}
