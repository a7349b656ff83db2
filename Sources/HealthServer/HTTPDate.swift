#if PostgreSQL
import HealthExport

/// HTTP's date format (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), written from
/// Unix seconds by arithmetic on the civil calendar, without a date formatter.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 (UTC) as an IMF-fixdate.
    static func format(_ seconds: Int64) -> String {
        let days = floorDivided(seconds, 86_400)
        let time = seconds - days * 86_400
        let (year, month, day) = CivilDays.date(fromDays: Int(days))
        let weekday = weekdays[Int(days + 4 - floorDivided(days + 4, 7) * 7)]
        return
            "\(weekday), \(two(Int64(day))) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    /// The quotient rounded down, for times before 1970 too.
    private static func floorDivided(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
#endif
