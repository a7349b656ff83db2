/// What the statistics tables hold, and their rows as `stats` lines: the same rule and the same
/// lines whichever store (SQLite, PostgreSQL) answers.
extension ComputedStatistics {
    /// Whether the store's statistics tables hold the answer (once no day is pending): nights of
    /// sleep and buckets of a day or longer, in the saved source order. Hours and a quantity's
    /// nights are computed from the samples, and so is another source order for one run, except
    /// for discrete types, whose average, minimum and maximum do not depend on the order.
    public func isStored(kind: StatisticsKind) -> Bool {
        if kind != .sleep, period == .hour || period == .night { return false }
        return kind == .discrete || preferred == nil
    }
}

extension StatisticsOutput {
    /// The line of a stored bucket (a `statistics` row) of `type`, in the keys of ``keys(_:)``.
    public static func storedBucket(
        type: String, kind: StatisticsKind, start: String?, end: String?, sum: Double?, average: Double?,
        minimum: Double?, maximum: Double?, count: Int?, unit: String?, sources: String?
    ) -> [Value] {
        if kind == .cumulative {
            return [.text(type), .text(start), .text(end), .number(sum ?? 0), .text(unit), .rawJSON(sources ?? "{}")]
        }
        return [
            .text(type), .text(start), .text(end), .number(average ?? 0), .number(minimum ?? 0), .number(maximum ?? 0),
            .integer(count ?? 0), .text(unit),
        ]
    }

    /// The line of a stored night (a `sleep_nights` row): `minutes` are in bed, asleep, awake,
    /// core, deep, REM and unspecified, in that order.
    public static func storedNight(night: String, start: String?, end: String?, minutes: [Double], sources: String)
        -> [Value]
    {
        [.text(night), .text(start), .text(end)] + minutes.map(Value.number) + [.rawJSON(sources)]
    }
}
