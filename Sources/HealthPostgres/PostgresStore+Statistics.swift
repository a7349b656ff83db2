import HealthExport
import HealthStatistics
import PostgresNIO

extension PostgresStore {
    /// The lines `stats` prints for this person: buckets of `computation.type`, nights of sleep,
    /// or the activity summaries' days, all computed from the stored samples (the PostgreSQL
    /// store keeps no statistics tables), in the keys of the SQLite store's answer.
    public func statistics(_ computation: ComputedStatistics) throws -> [[StatisticsOutput.Value]] {
        if computation.type == ActivitySummary.typeIdentifier { return try activityRows(computation) }
        guard let kind = StatisticsKind(type: computation.type) else { return [] }
        var reader = try PostgresStatisticsReader(store: self)
        return kind == .sleep
            ? try computation.nights(from: &reader) : try computation.buckets(kind: kind, from: &reader)
    }

    private func activityRows(_ computation: ComputedStatistics) throws -> [[StatisticsOutput.Value]] {
        var values: [(any Sendable)?] = [person]
        var sql = """
            SELECT day, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time, \
            move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal \
            FROM activity_summaries WHERE person = $1 AND \(PostgresSchema.current)
            """
        if let since = computation.since {
            values.append(LocalDay.text(since))
            sql += " AND day >= $\(values.count)"
        }
        if let until = computation.until {
            values.append(LocalDay.text(until))
            sql += " AND day <= $\(values.count)"
        }
        let bound = Self.binds(values)
        let ordered = sql + " ORDER BY day"
        let rows = try Blocking.run { try await self.query(ordered, bound) }
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
