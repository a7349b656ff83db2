import HealthCore
import HealthQuery

/// The HTML report: one self-contained page (inline SVG and CSS, no script, nothing fetched)
/// with weight, steps, heart, sleep, workouts, activity rings and what the store holds.
public enum HealthReport {
    /// Renders the report of the store `reader` reads, from `since` (`yyyy-MM-dd`) on when
    /// given; `generated` is printed as the time it was made.
    public static func render(_ reader: any StoreReading, since: String?, generated: String) async throws -> String {
        let data = try await ReportData.read(reader, since: since)
        var page = ReportPage(title: "Health report")
        page.header(store: reader.location, since: since, generated: generated)
        page.section("Weight", weight(data))
        page.section("Daily steps", steps(data))
        page.section("Heart", heart(data))
        page.section("Sleep per night", sleep(data))
        page.section("Workouts by kind", workouts(data))
        page.section("Activity rings", rings(data))
        page.section("What the store holds", StoreTable.html(data.status))
        return page.html
    }

    static func points(_ days: [DayValue], unit: String, decimals: Int) -> (points: [ChartPoint], weekly: Bool) {
        let entries = days.map { (day: $0.day, value: $0.value) }
        if entries.count > Resampling.dailyLimit {
            let points = Resampling.weekly(entries).map {
                ChartPoint(
                    day: $0.day, value: $0.value,
                    title:
                        "week of \(DayNumber.text($0.day)): \(HTMLText.number($0.value, decimals: decimals)) \(unit) (average of \($0.days) days)"
                )
            }
            return (points, true)
        }
        let points = entries.compactMap { entry in
            DayNumber.of(entry.day).map {
                ChartPoint(
                    day: $0, value: entry.value,
                    title: "\(entry.day): \(HTMLText.number(entry.value, decimals: decimals)) \(unit)")
            }
        }
        return (points, false)
    }

    static func weight(_ data: ReportData) -> String {
        let (points, weekly) = points(data.weight, unit: "kg", decimals: 1)
        guard !points.isEmpty else { return Figure.empty("weight", "No weight in the store for this range.") }
        let trend = Resampling.trend(points)
        let withTrend = zip(points, trend).map { point, level in
            ChartPoint(
                day: point.day, value: point.value,
                title: point.title + " · trend \(HTMLText.number(level.value, decimals: 1)) kg")
        }
        let svg = Charts.line(
            withTrend, trend: trend, unit: "kg", color: Palette.blue, decimals: 1,
            label: "Weight in kilograms with its trend")
        let last = trend.last!.value
        return Figure.chart(
            "weight", points: points.count, svg: svg,
            caption:
                "\(weekly ? "Weekly" : "Daily") average weight (dots) and its trend (line, smoothed by a tenth a day); trend now \(HTMLText.number(last, decimals: 1)) kg.",
            legend: [("Weight", Palette.blue)])
    }

    static func steps(_ data: ReportData) -> String {
        let (points, weekly) = points(data.steps, unit: "steps", decimals: 0)
        guard !points.isEmpty else { return Figure.empty("steps", "No steps in the store for this range.") }
        let svg = Charts.bars(
            points, days: weekly ? 7 : 1, unit: "steps", color: Palette.bluishGreen, label: "Steps per day")
        let mean = data.steps.map(\.value).reduce(0, +) / Double(data.steps.count)
        return Figure.chart(
            "steps", points: points.count, svg: svg,
            caption:
                "Steps per day\(weekly ? ", averaged by week" : ""), merged over sources by priority as the Health app does (steps that iPhone and Watch both count are counted once); \(HTMLText.number(mean)) a day on average over \(data.steps.count) days.",
            legend: [])
    }

    static func heart(_ data: ReportData) -> String {
        var html = ""
        let (resting, restingWeekly) = points(data.restingHeartRate, unit: "bpm", decimals: 0)
        if resting.isEmpty {
            html += Figure.empty("resting-heart-rate", "No resting heart rate in the store for this range.")
        } else {
            let svg = Charts.line(
                resting, unit: "bpm", color: Palette.vermillion, decimals: 0, label: "Resting heart rate",
                width: ChartCanvas.halfWidth)
            html += Figure.chart(
                "resting-heart-rate", points: resting.count, svg: svg,
                caption: "Resting heart rate, beats per minute, \(restingWeekly ? "weekly" : "daily") average.",
                legend: [])
        }
        let (variability, variabilityWeekly) = points(data.heartRateVariability, unit: "ms", decimals: 0)
        if variability.isEmpty {
            html += Figure.empty("hrv", "No heart-rate variability in the store for this range.")
        } else {
            let svg = Charts.line(
                variability, unit: "ms", color: Palette.reddishPurple, decimals: 0,
                label: "Heart-rate variability (SDNN)",
                width: ChartCanvas.halfWidth)
            html += Figure.chart(
                "hrv", points: variability.count, svg: svg,
                caption:
                    "Heart-rate variability (SDNN), milliseconds, \(variabilityWeekly ? "weekly" : "daily") average.",
                legend: [])
        }
        return "<div class=\"pair\">" + html + "</div>"
    }

    static let sleepStages: [(key: String, name: String, color: String)] = [
        ("AsleepDeep", "Deep", Palette.blue), ("AsleepCore", "Core", Palette.skyBlue),
        ("AsleepREM", "REM", Palette.reddishPurple),
        ("Asleep", "Asleep (no stage)", Palette.bluishGreen), ("Awake", "Awake", Palette.orange),
    ]

    static func sleep(_ data: ReportData) -> String {
        guard !data.sleep.isEmpty else { return Figure.empty("sleep", "No sleep in the store for this range.") }
        var bars: [StackedBar] = []
        let weekly = data.sleep.count > Resampling.dailyLimit
        if weekly {
            var byWeek: [(day: Int, hours: [Double], nights: Int)] = []
            for night in data.sleep {
                guard let monday = DayText.weekStart(night.night).flatMap(DayNumber.of) else { continue }
                let hours = sleepStages.map { (night.minutes[$0.key] ?? 0) / 60 }
                if byWeek.last?.day == monday {
                    byWeek[byWeek.count - 1].hours = zip(byWeek[byWeek.count - 1].hours, hours).map(+)
                    byWeek[byWeek.count - 1].nights += 1
                } else {
                    byWeek.append((monday, hours, 1))
                }
            }
            bars = byWeek.map { week in
                let hours = week.hours.map { $0 / Double(week.nights) }
                return StackedBar(
                    day: week.day, days: 7, values: hours,
                    title: sleepTitle("week of \(DayNumber.text(week.day)), average of \(week.nights) nights", hours))
            }
        } else {
            bars = data.sleep.compactMap { night in
                guard let day = DayNumber.of(night.night) else { return nil }
                let hours = sleepStages.map { (night.minutes[$0.key] ?? 0) / 60 }
                return StackedBar(day: day, days: 1, values: hours, title: sleepTitle("night of \(night.night)", hours))
            }
        }
        let svg = Charts.stacked(
            bars, colors: sleepStages.map(\.color), unit: "hours", decimals: 1,
            label: "Hours of sleep per night by stage")
        let asleep = data.sleep.map(\.asleep).reduce(0, +) / Double(data.sleep.count) / 60
        return Figure.chart(
            "sleep", points: bars.count, svg: svg,
            caption:
                "Hours per night by stage\(weekly ? ", averaged by week" : ""); a night runs noon to noon and is named by the day it began on, stages taken by source priority. \(HTMLText.number(asleep, decimals: 1)) h asleep a night on average.",
            legend: sleepStages.map { ($0.name, $0.color) })
    }

    static func sleepTitle(_ heading: String, _ hours: [Double]) -> String {
        let asleep = zip(sleepStages, hours).filter { $0.0.key.hasPrefix("Asleep") }.map(\.1).reduce(0, +)
        let parts = zip(sleepStages, hours).filter { $0.1 > 0 }.map {
            "\($0.0.name) \(HTMLText.number($0.1, decimals: 1)) h"
        }
        return "\(heading): \(HTMLText.number(asleep, decimals: 1)) h asleep (" + parts.joined(separator: ", ") + ")"
    }

    static func workouts(_ data: ReportData) -> String {
        guard !data.workouts.isEmpty else {
            return Figure.empty("workouts", "No workouts in the store for this range.")
        }
        var totals: [String: Int] = [:]
        for entry in data.workouts { totals[entry.activity, default: 0] += entry.count }
        let kinds = totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(6).map(\.key)
        let named = totals.count > kinds.count ? kinds.prefix(5).map { $0 } : kinds
        let labels = named.map(Self.activityName) + (totals.count > named.count ? ["Other"] : [])
        // Weeks, or months when there are more than two years of them, so each bar stays readable.
        let firstDay = data.workouts.first.map(\.day) ?? ""
        let lastDay = data.workouts.last.map(\.day) ?? ""
        let monthly = (DayNumber.of(lastDay) ?? 0) - (DayNumber.of(firstDay) ?? 0) > 2 * 366
        var periods: [(day: Int, days: Int, counts: [Double])] = []
        for entry in data.workouts {
            let start = monthly ? String(entry.day.prefix(7)) + "-01" : DayText.weekStart(entry.day) ?? entry.day
            guard let day = DayNumber.of(start) else { continue }
            if periods.last?.day != day {
                let length = monthly ? Self.daysInMonth(start) : 7
                periods.append((day, length, Array(repeating: 0, count: labels.count)))
            }
            let slot = named.firstIndex(of: entry.activity) ?? labels.count - 1
            periods[periods.count - 1].counts[slot] += Double(entry.count)
        }
        let bars = periods.map { period in
            StackedBar(
                day: period.day, days: period.days, values: period.counts,
                title: (monthly
                    ? String(DayNumber.text(period.day).prefix(7)) : "week of \(DayNumber.text(period.day))") + ": "
                    + zip(labels, period.counts).filter { $0.1 > 0 }.map { "\(HTMLText.number($0.1)) \($0.0)" }.joined(
                        separator: ", "))
        }
        let colors = Array(Palette.cycle.prefix(labels.count))
        let svg = Charts.stacked(
            bars, colors: colors, unit: "workouts", integers: true,
            label: "Workouts per \(monthly ? "month" : "week") by kind")
        return Figure.chart(
            "workouts", points: bars.count, svg: svg,
            caption: (monthly ? "Workouts per month by kind" : "Workouts per week (weeks start on Monday) by kind")
                + "; \(HTMLText.number(Double(totals.values.reduce(0, +)))) in all.",
            legend: Array(zip(labels, colors)))
    }

    /// The days of the month that `day` (`yyyy-MM-01`) begins.
    static func daysInMonth(_ day: String) -> Int {
        let year = Int(day.prefix(4)) ?? 1970
        let month = Int(day.dropFirst(5).prefix(2)) ?? 1
        let next = month == 12 ? "\(year + 1)-01-01" : "\(year)-\(month < 9 ? "0" : "")\(month + 1)-01"
        return max(28, (DayNumber.of(next) ?? 0) - (DayNumber.of(day) ?? 0))
    }

    /// `TraditionalStrengthTraining` as `Traditional strength training`.
    static func activityName(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty {
                out += " " + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    static func rings(_ data: ReportData) -> String {
        guard !data.rings.isEmpty else {
            return Figure.empty("rings", "No activity summaries in the store for this range.")
        }
        let svg = Charts.rings(data.rings, label: "Activity rings of the last \(data.rings.count) days")
        let closed = data.rings.filter { $0.moveGoal > 0 && $0.move >= $0.moveGoal }.count
        return Figure.chart(
            "rings", points: data.rings.count, svg: svg,
            caption:
                "The last \(data.rings.count) days with rings (outside in: move, exercise, stand, each against its goal); the move ring closed on \(closed) of them.",
            legend: [("Move", Palette.vermillion), ("Exercise", Palette.bluishGreen), ("Stand", Palette.skyBlue)],
            wide: false)
    }
}
