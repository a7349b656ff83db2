import GRDB
import HealthExport
import HealthStatistics

/// Answers `healthimport stats` from the store: from the statistics tables when they hold the answer, else
/// (hours, or another source order for one run) computed from the samples of the range asked for.
public struct StatisticsQuery: Sendable {
    /// The type identifier (`HKQuantityTypeIdentifierStepCount`, `HKCategoryTypeIdentifierSleepAnalysis`), or
    /// ``activityType`` for the activity summaries.
    public var type: String
    public var period: Period
    /// First and last local day asked for (days since 1970), both included; `nil` for no limit.
    public var since: Int64?
    public var until: Int64?
    /// A source order for this run only (highest first); `nil` to use the saved one.
    public var preferred: [String]?
    /// Computes the answer from the samples even where the statistics tables hold it: for a reader that
    /// cannot bring pending days up to date (a store opened read-only).
    public var fromSamples = false

    /// The name ``type`` takes for the activity rings of the activity summaries.
    public static let activityType = ActivitySummary.typeIdentifier

    /// Creates a query.
    public init(type: String, period: Period, since: Int64? = nil, until: Int64? = nil, preferred: [String]? = nil) {
        self.type = type
        self.period = period
        self.since = since
        self.until = until
        self.preferred = preferred
    }

    /// Parses `yyyy-MM-dd` into days since 1970.
    public static func day(_ text: String) -> Int64? { LocalDay.days(text) }

    /// The keys of the lines ``rows(_:)`` gives.
    public var keys: [String] {
        if type == Self.activityType {
            return [
                "day", "activeEnergyBurned", "activeEnergyBurnedGoal", "activeEnergyBurnedUnit", "moveTime",
                "moveTimeGoal",
                "exerciseTime", "exerciseTimeGoal", "standHours", "standHoursGoal",
            ]
        }
        return StatisticsOutput.keys(StatisticsKind(type: type) ?? .discrete)
    }

    private var wallRange: Range<Int64> { computed.wallRange }

    /// The lines answering the query, in time order.
    public func rows(_ db: Database) throws -> [[StatisticsOutput.Value]] {
        if type == Self.activityType { return try activityRows(db) }
        guard let kind = StatisticsKind(type: type) else { return [] }
        let stored = !fromSamples && computed.isStored(kind: kind)
        if kind == .sleep { return stored ? try storedNights(db) : try computedNights(db) }
        return stored ? try storedBuckets(db, kind: kind) : try computedBuckets(db, kind: kind)
    }

    private func storedBuckets(_ db: Database, kind: StatisticsKind) throws -> [[StatisticsOutput.Value]] {
        let range = wallRange
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT start_date, end_date, sum, average, minimum, maximum, count, unit, sources FROM statistics
                WHERE type = ? AND period = ? AND wall_start >= ? AND wall_start < ? ORDER BY wall_start
                """, arguments: [type, period.rawValue, range.lowerBound, range.upperBound])
        var lines: [[StatisticsOutput.Value]] = []
        while let row = try rows.next() {
            lines.append(
                StatisticsOutput.storedBucket(
                    type: type, kind: kind, start: row[0], end: row[1], sum: row[2], average: row[3], minimum: row[4],
                    maximum: row[5], count: row[6], unit: row[7], sources: row[8]))
        }
        return lines
    }

    /// The same query computed from the samples.
    private var computed: ComputedStatistics {
        ComputedStatistics(type: type, period: period, since: since, until: until, preferred: preferred)
    }

    private func computedBuckets(_ db: Database, kind: StatisticsKind) throws -> [[StatisticsOutput.Value]] {
        var reader = try StatisticsSampleReader(db)
        return try computed.buckets(kind: kind, from: &reader)
    }

    private func storedNights(_ db: Database) throws -> [[StatisticsOutput.Value]] {
        let range = wallRange
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT night, start_date, end_date, in_bed_minutes, asleep_minutes, awake_minutes, core_minutes,
                    deep_minutes, rem_minutes, unspecified_minutes, sources
                FROM sleep_nights WHERE wall_start >= ? AND wall_start < ? ORDER BY wall_start
                """, arguments: [range.lowerBound, range.upperBound])
        var lines: [[StatisticsOutput.Value]] = []
        while let row = try rows.next() {
            lines.append(
                StatisticsOutput.storedNight(
                    night: row[0], start: row[1], end: row[2], minutes: (3...9).map { row[$0] }, sources: row[10]))
        }
        return lines
    }

    private func computedNights(_ db: Database) throws -> [[StatisticsOutput.Value]] {
        var reader = try StatisticsSampleReader(db)
        return try computed.nights(from: &reader)
    }

    private func activityRows(_ db: Database) throws -> [[StatisticsOutput.Value]] {
        var sql = """
            SELECT day, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time,
                move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal
            FROM activity_summaries
            """
        var arguments: [(any DatabaseValueConvertible)?] = []
        var conditions: [String] = []
        // Summaries a later export deleted or replaced are left out, as `activity_rings` leaves
        // them (a store opened read-only may predate the columns).
        if try db.columns(in: "activity_summaries").contains(where: { $0.name == "deleted_by" }) {
            conditions.append("deleted_by IS NULL AND replaced_by IS NULL")
        }
        if let since {
            conditions.append("day >= ?")
            arguments.append(LocalDay.text(since))
        }
        if let until {
            conditions.append("day <= ?")
            arguments.append(LocalDay.text(until))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY day"
        let rows = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments))
        return rows.map { row in
            func number(_ column: Int) -> StatisticsOutput.Value {
                (row[column] as Double?).map { .number($0) } ?? .text(nil)
            }
            return [
                .text(row[0]), number(1), number(2), .text(row[3]), number(4), number(5), number(6), number(7),
                number(8),
                number(9),
            ]
        }
    }
}
