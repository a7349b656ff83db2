import HealthExport

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
            (1...12).contains(month), day >= 1, day <= CivilDays.length(ofMonth: month, year: year)
        else { return nil }
        return Int64(CivilDays.days(year: year, month: month, day: day)) * 86_400
    }

    /// The day `seconds` after 1970 in UTC, as `yyyy-MM-dd`.
    public static func day(unix seconds: Int64) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let (year, month, day) = CivilDays.date(fromDays: days)
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
}
