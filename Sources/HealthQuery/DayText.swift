/// Calendar days as `yyyy-MM-dd` text, the form the store's `substr(start_date, 1, 10)` gives.
public enum DayText {
    /// Whether `text` is a real day written `yyyy-MM-dd`.
    public static func isValid(_ text: String) -> Bool {
        unixMidnight(text) != nil
    }

    /// Seconds since 1970 of `text`'s midnight in UTC, or `nil` when it is not a day.
    public static func unixMidnight(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return Int64(daysFromCivil(year: year, month: month, day: day)) * 86_400
    }

    /// The day `seconds` after 1970 in UTC, as `yyyy-MM-dd`.
    public static func day(unix seconds: Int64) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let (year, month, day) = civil(days: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// The Monday that starts the ISO week of `text`.
    public static func weekStart(_ text: String) -> String? {
        guard let midnight = unixMidnight(text) else { return nil }
        let days = Int(midnight / 86_400)
        // 1970-01-01 was a Thursday: Monday is 3 days before it.
        let weekday = ((days + 3) % 7 + 7) % 7
        return day(unix: Int64(days - weekday) * 86_400)
    }

    /// The day `count` days after `text`.
    public static func adding(_ count: Int, to text: String) -> String? {
        unixMidnight(text).map { day(unix: $0 + Int64(count) * 86_400) }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
