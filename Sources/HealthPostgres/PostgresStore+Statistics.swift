#if PostgreSQL
import HealthExport
import HealthStatistics
import PostgresNIO

extension PostgresStore {
    /// The types this person has statistics of: every anchored type, and those of the
    /// statistics, the nights and the activity summaries stored (a type whose anchor accepted
    /// deletions dropped keeps its rows and figures).
    public func typesWithStatistics() async throws -> [String] {
        let rows = try await query(
            """
            SELECT type FROM anchors WHERE person = \(person) \
            UNION SELECT DISTINCT type FROM statistics WHERE person = \(person) \
            UNION SELECT \("HKCategoryTypeIdentifierSleepAnalysis")::text \
            WHERE EXISTS (SELECT 1 FROM sleep_nights WHERE person = \(person)) \
            UNION SELECT \(ActivitySummary.typeIdentifier)::text \
            WHERE EXISTS (SELECT 1 FROM activity_summaries WHERE person = \(person) AND \(unescaped: PostgresSchema.current))
            """)
        return try rows.map { try $0.decode(String.self) }.sorted()
    }

    /// The lines `stats` prints for this person: buckets of `computation.type`, nights of sleep,
    /// or the activity summaries' days, in the keys of the SQLite store's answer and by its
    /// rules: from the statistics tables when they hold the answer, else (hours, another source
    /// order for one run) computed from the samples of the range asked for.
    public func statistics(_ computation: ComputedStatistics) async throws -> [[StatisticsOutput.Value]] {
        if computation.type == ActivitySummary.typeIdentifier { return try await activityRows(computation) }
        guard let kind = StatisticsKind(type: computation.type) else { return [] }
        if computation.isStored(kind: kind), try await refreshStatisticsIfPending() {
            return kind == .sleep
                ? try await storedNights(computation) : try await storedBuckets(computation, kind: kind)
        }
        // The computation reads as it goes and waits for each read: a thread of its own, not the pool.
        return try await WorkerThread.run(name: "statistics") {
            var reader = try PostgresStatisticsReader(store: self)
            return kind == .sleep
                ? try computation.nights(from: &reader) : try computation.buckets(kind: kind, from: &reader)
        }
    }

    private func storedBuckets(_ computation: ComputedStatistics, kind: StatisticsKind) async throws
        -> [[StatisticsOutput.Value]]
    {
        let range = computation.wallRange
        let (type, period) = (computation.type, computation.period.rawValue)
        let rows = try await query(
            """
            SELECT start_date, end_date, sum, average, minimum, maximum, count, unit, sources FROM statistics \
            WHERE person = \(person) AND type = \(type) AND period = \(period) \
            AND wall_start >= \(range.lowerBound) AND wall_start < \(range.upperBound) \
            ORDER BY wall_start
            """)
        return try rows.map { row in
            let (start, end, sum, average, minimum, maximum, count, unit, sources) = try row.decode(
                (String, String, Double?, Double?, Double?, Double?, Int64?, String, String?).self)
            return StatisticsOutput.storedBucket(
                type: computation.type, kind: kind, start: start, end: end, sum: sum, average: average,
                minimum: minimum, maximum: maximum, count: count.map(Int.init), unit: unit, sources: sources)
        }
    }

    private func storedNights(_ computation: ComputedStatistics) async throws -> [[StatisticsOutput.Value]] {
        let range = computation.wallRange
        let rows = try await query(
            """
            SELECT night, start_date, end_date, in_bed_minutes, asleep_minutes, awake_minutes, core_minutes, \
            deep_minutes, rem_minutes, unspecified_minutes, sources \
            FROM sleep_nights WHERE person = \(person) \
            AND wall_start >= \(range.lowerBound) AND wall_start < \(range.upperBound) ORDER BY wall_start
            """)
        return try rows.map { row in
            let (night, start, end, inBed, asleep, awake, core, deep, rem, unspecified, sources) = try row.decode(
                (String, String?, String?, Double, Double, Double, Double, Double, Double, Double, String).self)
            return StatisticsOutput.storedNight(
                night: night, start: start, end: end,
                minutes: [inBed, asleep, awake, core, deep, rem, unspecified], sources: sources)
        }
    }

    private func activityRows(_ computation: ComputedStatistics) async throws -> [[StatisticsOutput.Value]] {
        let (since, until) = (computation.since.map(LocalDay.text), computation.until.map(LocalDay.text))
        let query: PostgresQuery = """
            SELECT day, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time, \
            move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal \
            FROM activity_summaries WHERE person = \(person) AND \(unescaped: PostgresSchema.current) \
            AND (\(since)::text IS NULL OR day >= \(since)) AND (\(until)::text IS NULL OR day <= \(until)) \
            ORDER BY day
            """
        let rows = try await self.query(query)
        return try rows.map { row in
            let (day, energy, energyGoal, unit, move, moveGoal, exercise, exerciseGoal, stand, standGoal) =
                try row.decode(
                    (String, Double?, Double?, String?, Double?, Double?, Double?, Double?, Double?, Double?).self)
            func number(_ value: Double?) -> StatisticsOutput.Value { value.map { .number($0) } ?? .text(nil) }
            return [
                .text(day), number(energy), number(energyGoal), .text(unit), number(move), number(moveGoal),
                number(exercise), number(exerciseGoal), number(stand), number(standGoal),
            ]
        }
    }
}
#endif
