#if MCP
import HealthCore
import HealthQuery

/// A type as `list_types` tells it.
struct TypeRow: Encodable {
    var type: String
    var rows: Int
    var firstStart: String?
    var lastStart: String?
    var lastImport: String?

    init(_ status: TypeStatus) {
        type = status.type
        rows = status.rows
        firstStart = status.firstStart
        lastStart = status.lastStart
        lastImport = status.lastImport
    }
}

/// `get_status`: per type, and the latest imports.
struct StatusAnswer: Encodable {
    struct Import: Encodable {
        var id: Int64
        var input: String
        var started: String
        var finished: String?
        var outcome: String
        var newRecords: Int?
        var window: String
    }

    var types: [TypeRow]
    var imports: [Import]

    init(_ status: StoreStatus) {
        types = status.types.map(TypeRow.init)
        imports = status.imports.map {
            Import(
                id: $0.id, input: $0.input, started: $0.started, finished: $0.finished, outcome: $0.outcome.rawValue,
                newRecords: $0.newCount, window: $0.window)
        }
    }
}

/// A period's figure in `query_statistics`.
struct Period: Encodable, Equatable {
    /// The period's first day.
    var start: String
    /// The total (cumulative types) or the average of the samples.
    var value: Double
    var minimum: Double?
    var maximum: Double?
    /// Days with data in the period.
    var days: Int
    /// Samples behind an average; absent for totals.
    var samples: Int?
}

/// `query_statistics` of a quantity type.
struct StatisticsAnswer: Encodable {
    var type: String
    var interval: String
    var aggregation: String
    var unit: String?
    var periods: [Period]
}

/// `query_statistics` of sleep.
struct SleepAnswer: Encodable {
    var type: String
    var nights: [SleepNight]
}

/// Days folded into weeks or months.
enum PeriodFolding {
    static func fold(_ days: [DayValue], interval: String, cumulative: Bool) -> [Period] {
        var periods: [Period] = []
        var sums: [Double] = []
        for day in days {
            let start: String
            switch interval {
            case "week": start = DayText.weekStart(day.day) ?? day.day
            case "month": start = String(day.day.prefix(7)) + "-01"
            default: start = day.day
            }
            let samples = day.samples ?? 0
            let weighted = cumulative ? day.value : day.value * Double(samples)
            // For a total, the range is that of the daily totals.
            let low = cumulative ? day.value : day.minimum
            let high = cumulative ? day.value : day.maximum
            if periods.last?.start == start {
                periods[periods.count - 1].days += 1
                if let daySamples = day.samples {
                    periods[periods.count - 1].samples = (periods[periods.count - 1].samples ?? 0) + daySamples
                }
                sums[sums.count - 1] += weighted
                if let low { periods[periods.count - 1].minimum = min(periods[periods.count - 1].minimum ?? low, low) }
                if let high {
                    periods[periods.count - 1].maximum = max(periods[periods.count - 1].maximum ?? high, high)
                }
            } else {
                periods.append(
                    Period(start: start, value: 0, minimum: low, maximum: high, days: 1, samples: day.samples))
                sums.append(weighted)
            }
        }
        for index in periods.indices {
            periods[index].value = cumulative ? sums[index] : sums[index] / Double(max(1, periods[index].samples ?? 0))
        }
        return periods
    }
}
#endif
