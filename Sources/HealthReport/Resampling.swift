import HealthQuery

/// Long daily series folded into weeks, so a ten-year chart stays readable and small.
enum Resampling {
    /// Daily series longer than this are shown as weekly averages.
    static let dailyLimit = 400

    /// The mean of each ISO week's days, at the week's Monday, with how many days it has.
    static func weekly(_ days: [(day: String, value: Double)]) -> [(day: Int, value: Double, days: Int)] {
        var weeks: [(day: Int, value: Double, days: Int)] = []
        for entry in days {
            guard let monday = DayText.weekStart(entry.day).flatMap(DayNumber.of) else { continue }
            if weeks.last?.day == monday {
                weeks[weeks.count - 1].value += entry.value
                weeks[weeks.count - 1].days += 1
            } else {
                weeks.append((monday, entry.value, 1))
            }
        }
        return weeks.map { ($0.day, $0.value / Double($0.days), $0.days) }
    }

    /// The exponentially smoothed trend of `points` (a tenth of the gap to each new day's value).
    static func trend(_ points: [ChartPoint]) -> [ChartPoint] {
        var result: [ChartPoint] = []
        var level: Double?
        var previous = 0
        for point in points {
            if let current = level {
                let keep = pow(0.9, Double(max(1, point.day - previous)))
                level = current * keep + point.value * (1 - keep)
            } else {
                level = point.value
            }
            previous = point.day
            result.append(ChartPoint(day: point.day, value: level!, title: ""))
        }
        return result
    }

    private static func pow(_ base: Double, _ exponent: Double) -> Double {
        var value = 1.0
        var count = Int(exponent)
        var factor = base
        while count > 0 {
            if count & 1 == 1 { value *= factor }
            factor *= factor
            count >>= 1
        }
        return value
    }
}
