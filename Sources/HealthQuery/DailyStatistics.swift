import GRDB

/// A day's figure: a total (steps) or an average (resting heart rate) with its range.
public struct DayValue: Sendable, Codable, Equatable {
    /// The local day, `yyyy-MM-dd`.
    public var day: String
    /// The day's total for cumulative types, its average for the others.
    public var value: Double
    public var minimum: Double?
    public var maximum: Double?
    /// Samples behind the figure.
    public var samples: Int
}

/// A night's sleep, minutes per stage.
public struct SleepNight: Sendable, Codable, Equatable {
    /// The local day the night began on (the day of the start minus 12 hours).
    public var night: String
    /// Minutes per stage name (`AsleepCore`, `AsleepDeep`, `AsleepREM`, `Asleep`, `Awake`, `InBed`).
    public var minutes: [String: Double]
    /// The source the night was taken from.
    public var source: String?

    /// Minutes asleep, every asleep stage together.
    public var asleep: Double {
        minutes.filter { $0.key.hasPrefix("Asleep") }.values.reduce(0, +)
    }
}

/// Daily figures as the Health app shows them: where the report and the MCP server get their
/// numbers.
public protocol DailyStatistics: Sendable {
    /// Per local day in `from...to` (either open): totals for cumulative types, merged over
    /// sources; average, minimum and maximum for the others.
    func daily(type: String, from: String?, to: String?) throws -> [DayValue]
    /// Per night in `from...to`: minutes per sleep stage.
    func sleep(from: String?, to: String?) throws -> [SleepNight]
}

extension StoreReader {
    /// The daily statistics of this store.
    ///
    /// The seam for the Health-app rules: this returns ``StoreDailyStatistics``, an
    /// approximation over the store's tables, until the `HealthStatistics` module (merged
    /// sources by priority, sleep nights) takes its place here.
    public var statistics: any DailyStatistics { StoreDailyStatistics(reader: self) }
}

/// Daily figures straight from the store: a cumulative type's day is the largest total any
/// one source gives (iPhone and Watch count the same steps), and a night's sleep is the source
/// with the most time asleep. Close to the Health app, not its exact rules.
public struct StoreDailyStatistics: DailyStatistics {
    let reader: StoreReader

    /// Quantity types whose samples add up over a day.
    public static func isCumulative(_ type: String) -> Bool {
        let name = type.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "")
        return name.hasPrefix("Distance") || name.hasPrefix("Dietary")
            || [
                "StepCount", "FlightsClimbed", "ActiveEnergyBurned", "BasalEnergyBurned", "AppleExerciseTime",
                "AppleStandTime", "AppleMoveTime", "NikeFuel", "PushCount", "SwimmingStrokeCount",
                "NumberOfTimesFallen", "TimeInDaylight", "WaterTemperature",
            ].contains(name)
    }

    public func daily(type: String, from: String?, to: String?) throws -> [DayValue] {
        let (range, arguments) = Self.dayRange(from: from, to: to)
        let table = type == "HKQuantityTypeIdentifierBodyMass" ? "weight_samples" : "quantity_samples"
        let value = table == "weight_samples" ? "kilograms" : "value"
        let sql: String
        if Self.isCumulative(type) {
            sql = """
                SELECT day, max(total), NULL, NULL, sum(samples) FROM (
                    SELECT substr(start_date, 1, 10) AS day, sum(value) AS total, count(*) AS samples
                    FROM quantity_samples WHERE type = ? AND value IS NOT NULL \(range)
                    GROUP BY day, source_name)
                GROUP BY day ORDER BY day
                """
        } else {
            sql = """
                SELECT substr(start_date, 1, 10) AS day, avg(\(value)), min(\(value)), max(\(value)), count(*)
                FROM \(table) WHERE type = ? AND \(value) IS NOT NULL \(range)
                GROUP BY day ORDER BY day
                """
        }
        return try reader.store.read { db in
            try Row.fetchAll(db, sql: sql, arguments: [type] + arguments).map {
                DayValue(day: $0[0], value: $0[1], minimum: $0[2], maximum: $0[3], samples: $0[4])
            }
        }
    }

    public func sleep(from: String?, to: String?) throws -> [SleepNight] {
        // A night is the local day of the start less 12 hours: the local time's offset from UTC
        // comes from the text date, as in the `sleep_by_night` view.
        let night = """
            date(start_unix + CAST(round((julianday(substr(start_date, 1, 19)) - julianday(start_date)) * 86400) AS INTEGER) - 43200, 'unixepoch')
            """
        var conditions = ""
        var arguments: StatementArguments = []
        if let from, let low = DayText.unixMidnight(from) {
            conditions += " AND start_unix >= ?"
            arguments += [low - 50_400]
        }
        if let to, let high = DayText.unixMidnight(to) {
            conditions += " AND start_unix < ?"
            arguments += [high + 2 * 86_400 + 50_400]
        }
        let sql = """
            SELECT \(night) AS night, coalesce(source_name, ''), value, sum(end_unix - start_unix) / 60.0
            FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis' \(conditions)
            GROUP BY 1, 2, 3 ORDER BY 1
            """
        let rows = try reader.store.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
        var nights: [String: [String: [String: Double]]] = [:]
        for row in rows {
            let day: String = row[0]
            if let from, day < from { continue }
            if let to, day > to { continue }
            let stage = ((row[2] as String?) ?? "Unknown").replacingOccurrences(
                of: "HKCategoryValueSleepAnalysis", with: "")
            nights[day, default: [:]][row[1], default: [:]][
                stage == "AsleepUnspecified" ? "Asleep" : stage, default: 0] += row[3]
        }
        return nights.keys.sorted().map { day in
            let bySource = nights[day]!
            func asleep(_ minutes: [String: Double]) -> Double {
                minutes.filter { $0.key.hasPrefix("Asleep") }.values.reduce(0, +)
            }
            let best = bySource.max { (asleep($0.value), $1.key) < (asleep($1.value), $0.key) }!
            return SleepNight(night: day, minutes: best.value, source: best.key.isEmpty ? nil : best.key)
        }
    }

    /// SQL conditions on `start_unix` and the local day for `from...to`, with their values.
    public static func dayRange(from: String?, to: String?) -> (String, StatementArguments) {
        var sql = ""
        var arguments: StatementArguments = []
        if let from, let low = DayText.unixMidnight(from) {
            sql += " AND start_unix >= ? AND substr(start_date, 1, 10) >= ?"
            arguments += [low - 50_400, from]
        }
        if let to, let high = DayText.unixMidnight(to) {
            sql += " AND start_unix < ? AND substr(start_date, 1, 10) <= ?"
            arguments += [high + 86_400 + 50_400, to]
        }
        return (sql, arguments)
    }
}
