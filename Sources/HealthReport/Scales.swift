import HealthQuery

/// Days as integers (days since 1970-01-01), for the time axis.
enum DayNumber {
    static func of(_ day: String) -> Int? {
        DayText.unixMidnight(day).map { Int($0 / 86_400) }
    }

    static func text(_ number: Int) -> String {
        DayText.day(unix: Int64(number) * 86_400)
    }
}

/// The time axis: from the first day to the last, with ticks at round days, months or years.
struct TimeScale {
    var first: Int
    var last: Int
    var left: Double
    var right: Double

    /// The x of the middle of `day`.
    func x(_ day: Double) -> Double {
        let span = Double(max(1, last - first + 1))
        return left + (day - Double(first) + 0.5) / span * (right - left)
    }

    /// The width of one day.
    var dayWidth: Double { (right - left) / Double(max(1, last - first + 1)) }

    /// About `atMost` ticks at most, with their labels.
    func ticks(atMost: Int) -> [(day: Int, label: String)] {
        let limit = max(2, atMost - 1)
        let span = last - first + 1
        if span <= 60 {
            let step = [1, 2, 5, 7, 14, 21].first { span / $0 <= limit } ?? 28
            return stride(from: first, through: last, by: step).map { ($0, DayNumber.text($0)) }
        }
        let months = span / 30
        let step = [1, 2, 3, 6, 12, 24, 36, 60].first { months / $0 <= limit } ?? 120
        let start = DayNumber.text(first)
        var year = Int(start.prefix(4)) ?? 1970
        var month = Int(start.dropFirst(5).prefix(2)) ?? 1
        var ticks: [(Int, String)] = []
        // Move to the first month boundary after `first` that is a multiple of the step.
        while true {
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
            if ((year * 12 + month - 1) % step) == 0 { break }
        }
        while true {
            let text = String(year) + "-" + (month < 10 ? "0" : "") + String(month) + "-01"
            guard let day = DayNumber.of(text), day <= last else { break }
            ticks.append((day, step >= 12 ? String(year) : String(text.prefix(7))))
            month += step
            while month > 12 {
                month -= 12
                year += 1
            }
        }
        return ticks
    }
}

/// The value axis: a range widened to round numbers, with ticks at 1, 2 or 5 times a power of ten.
struct ValueScale {
    var low: Double
    var high: Double
    var step: Double
    var top: Double
    var bottom: Double

    /// `integers`: counts, with no tick between whole numbers.
    init(minimum: Double, maximum: Double, top: Double, bottom: Double, fromZero: Bool, integers: Bool = false) {
        var minimum = fromZero ? min(0, minimum) : minimum
        var maximum = maximum
        if !(maximum > minimum) {
            minimum -= 1
            maximum += 1
        }
        let rough = (maximum - minimum) / 5
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        var step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? power * 10
        if integers { step = max(1, step) }
        self.step = step
        self.low = (minimum / step).rounded(.down) * step
        self.high = (maximum / step).rounded(.up) * step
        self.top = top
        self.bottom = bottom
    }

    func y(_ value: Double) -> Double {
        bottom - (value - low) / (high - low) * (bottom - top)
    }

    var ticks: [Double] {
        stride(from: low, through: high + step / 2, by: step).map { $0 }
    }
}
