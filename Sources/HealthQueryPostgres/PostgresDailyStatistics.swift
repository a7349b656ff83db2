#if PostgreSQL
import HealthExport
import HealthPostgres
import HealthQuery
import HealthStatistics

/// A person's daily figures in a PostgreSQL store, as `stats` computes them there, in the
/// values the SQLite store's ``StoredStatistics`` gives.
public struct PostgresDailyStatistics: DailyStatistics {
    let store: ReopeningStore

    /// Reads `store`'s person, each question for as long as it takes (a run's own store).
    public init(store: PostgresStore) {
        self.store = ReopeningStore(store, answerSeconds: nil)
    }

    /// Reads the person of `store`, reopened after a restart.
    public init(store: ReopeningStore) {
        self.store = store
    }

    public func daily(type: String, from: String?, to: String?) async throws -> [HealthQuery.DayValue] {
        guard let kind = StatisticsKind(type: type), kind != .sleep else { return [] }
        let computation = computation(type: type, period: .day, from: from, to: to)
        return try await store.answer { try await $0.statistics(computation) }.compactMap {
            StoredStatistics.dayValue($0, kind: kind)
        }
    }

    public func sleep(from: String?, to: String?) async throws -> [HealthQuery.SleepNight] {
        let computation = computation(type: "HKCategoryTypeIdentifierSleepAnalysis", period: .night, from: from, to: to)
        return try await store.answer { try await $0.statistics(computation) }.compactMap(StoredStatistics.sleepNight)
    }

    private func computation(type: String, period: Period, from: String?, to: String?) -> ComputedStatistics {
        func day(_ text: String?) -> Int64? {
            text.flatMap { TimestampParser.parseDay($0) }.map { Int64($0.daysSince1970) }
        }
        return ComputedStatistics(type: type, period: period, since: day(from), until: day(to), preferred: nil)
    }
}
#endif
