import Foundation
import GRDB
import HealthSQLite
import HealthStatistics

/// A day's figure: a total (steps) or an average (resting heart rate) with its range.
public struct DayValue: Sendable, Codable, Equatable {
    /// The local day, `yyyy-MM-dd`.
    public var day: String
    /// The day's total for cumulative types, its average for the others.
    public var value: Double
    public var minimum: Double?
    public var maximum: Double?
    /// Samples behind an average; `nil` for a total, merged over sources by priority.
    public var samples: Int?
    /// The unit of ``value`` (`count`, `kg`, `count/min`, ...).
    public var unit: String

    public init(
        day: String, value: Double, minimum: Double? = nil, maximum: Double? = nil, samples: Int? = nil, unit: String
    ) {
        self.day = day
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.samples = samples
        self.unit = unit
    }
}

/// A night's sleep (noon to noon), minutes per stage.
public struct SleepNight: Sendable, Codable, Equatable {
    /// The local day the night began on.
    public var night: String
    /// Minutes per stage (`InBed`, `Awake`, `AsleepCore`, `AsleepDeep`, `AsleepREM`, `Asleep` for
    /// unspecified sleep); stages the night does not have are left out.
    public var minutes: [String: Double]
    /// Minutes asleep, every asleep stage together, as `stats` counts them.
    public var asleep: Double
    /// Minutes each source contributed.
    public var sources: [String: Double]

    public init(night: String, minutes: [String: Double], asleep: Double, sources: [String: Double]) {
        self.night = night
        self.minutes = minutes
        self.asleep = asleep
        self.sources = sources
    }
}

/// Daily figures as the Health app shows them: where the report and the MCP server get their
/// numbers.
public protocol DailyStatistics: Sendable {
    /// Per local day in `from...to` (either open): totals for cumulative types, merged over
    /// sources by priority; average, minimum and maximum for the others.
    func daily(type: String, from: String?, to: String?) async throws -> [DayValue]
    /// Per night in `from...to`: minutes per sleep stage.
    func sleep(from: String?, to: String?) async throws -> [SleepNight]
}

extension StoreReader {
    /// The daily statistics of this store: those `healthimport stats` prints.
    public var statistics: any DailyStatistics { StoredStatistics(reader: self) }
}

/// The statistics `import` keeps in the `statistics` and `sleep_nights` tables, read through
/// ``StatisticsQuery`` as `healthimport stats` reads them.
///
/// The store is open read-only here, so days an interrupted import or an upgrade left in
/// `statistics_pending` cannot be brought up to date: while a type has pending days, its figures
/// are computed from the samples of the range asked for, by the same code, without being saved.
public struct StoredStatistics: DailyStatistics {
    let reader: StoreReader

    /// Whether the days of `type` add up to totals (steps, distances, energy, ...) rather than averages.
    public static func isCumulative(_ type: String) -> Bool {
        StatisticsKind(type: type) == .cumulative
    }

    /// Whether `type` has statistics (quantity types and sleep).
    public static func hasStatistics(_ type: String) -> Bool {
        StatisticsKind(type: type) != nil
    }

    public func daily(type: String, from: String?, to: String?) async throws -> [DayValue] {
        guard let kind = StatisticsKind(type: type), kind != .sleep else { return [] }
        return try rows(type: type, period: .day, from: from, to: to).compactMap { Self.dayValue($0, kind: kind) }
    }

    public func sleep(from: String?, to: String?) async throws -> [SleepNight] {
        try rows(type: "HKCategoryTypeIdentifierSleepAnalysis", period: .night, from: from, to: to).compactMap(
            Self.sleepNight)
    }

    /// The day of a line `stats --by day` prints for a type of `kind` (not sleep), from either store.
    public static func dayValue(_ line: [StatisticsOutput.Value], kind: StatisticsKind) -> DayValue? {
        guard case .text(let start?) = line[1] else { return nil }
        let day = String(start.prefix(10))
        if kind == .cumulative {
            return DayValue(day: day, value: number(line[3]) ?? 0, unit: text(line[4]) ?? "")
        }
        var samples: Int?
        if case .integer(let count) = line[6] { samples = count }
        return DayValue(
            day: day, value: number(line[3]) ?? 0, minimum: number(line[4]), maximum: number(line[5]),
            samples: samples, unit: text(line[7]) ?? "")
    }

    /// The night of a line `stats --type sleep --by night` prints, from either store.
    public static func sleepNight(_ line: [StatisticsOutput.Value]) -> SleepNight? {
        let stages = [
            (3, "InBed"), (5, "Awake"), (6, "AsleepCore"), (7, "AsleepDeep"), (8, "AsleepREM"), (9, "Asleep"),
        ]
        guard let night = text(line[0]) else { return nil }
        var minutes: [String: Double] = [:]
        for (column, stage) in stages {
            if let value = number(line[column]), value > 0 { minutes[stage] = value }
        }
        return SleepNight(night: night, minutes: minutes, asleep: number(line[4]) ?? 0, sources: amounts(line[10]))
    }

    /// The lines `healthimport stats --type type --by period --since from --until to` prints.
    private func rows(type: String, period: HealthStatistics.Period, from: String?, to: String?) throws
        -> [[StatisticsOutput.Value]]
    {
        var query = StatisticsQuery(
            type: type, period: period, since: from.flatMap(StatisticsQuery.day), until: to.flatMap(StatisticsQuery.day)
        )
        return try reader.store.read { db in
            query.fromSamples = try Self.isPending(db, type: type)
            return try query.rows(db)
        }
    }

    /// Whether `type` has days waiting in `statistics_pending`.
    static func isPending(_ db: Database, type: String) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM statistics_pending WHERE type = ?)", arguments: [type]) ?? false
    }

    private static func number(_ value: StatisticsOutput.Value) -> Double? {
        switch value {
        case .number(let number): number.isFinite ? number : nil
        case .integer(let integer): Double(integer)
        default: nil
        }
    }

    private static func text(_ value: StatisticsOutput.Value) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }

    private static func amounts(_ value: StatisticsOutput.Value) -> [String: Double] {
        switch value {
        case .amounts(let pairs):
            return Dictionary(pairs, uniquingKeysWith: +)
        case .rawJSON(let json):
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return (object ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue }
        default:
            return [:]
        }
    }
}
