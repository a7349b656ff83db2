/// HTTP's date format (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), written from
/// Unix seconds by arithmetic on the civil calendar, without a date formatter.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 (UTC) as an IMF-fixdate.
    static func format(_ seconds: Int64) -> String {
        let days = floorDivided(seconds, 86_400)
        let time = seconds - days * 86_400
        // Howard Hinnant's civil_from_days: eras of 400 years, from 0000-03-01.
        let shifted = days + 719_468
        let era = floorDivided(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = weekdays[Int(days + 4 - floorDivided(days + 4, 7) * 7)]
        return
            "\(weekday), \(two(day)) \(months[Int(month - 1)]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    /// The quotient rounded down, for times before 1970 too.
    private static func floorDivided(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
