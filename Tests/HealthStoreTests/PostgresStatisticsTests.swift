#if PostgreSQL
import Foundation
import GRDB
import HealthCore
import HealthFixtures
import HealthPostgres
import HealthSQLite
import HealthStatistics
import Testing

@Suite("Statistics on PostgreSQL", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresStatisticsTests {
    /// The queries compared: every kind of statistics, bucket and range `stats` takes.
    static let queries: [(type: String, period: Period, since: String?, until: String?, preferred: [String]?)] = [
        ("HKQuantityTypeIdentifierStepCount", .day, nil, nil, nil),
        ("HKQuantityTypeIdentifierStepCount", .hour, nil, nil, nil),
        ("HKQuantityTypeIdentifierStepCount", .week, "2024-01-01", "2025-12-31", nil),
        ("HKQuantityTypeIdentifierStepCount", .month, nil, nil, ["Zed’s made-up source", "Health"]),
        ("HKQuantityTypeIdentifierHeartRate", .day, nil, nil, nil),
        ("HKQuantityTypeIdentifierActiveEnergyBurned", .day, nil, nil, nil),
        ("HKQuantityTypeIdentifierBodyMass", .month, nil, nil, nil),
        ("HKCategoryTypeIdentifierSleepAnalysis", .night, nil, nil, nil),
        (StatisticsQuery.activityType, .day, "2020-01-01", nil, nil),
    ]

    @Test("Every kind of statistics gives PostgreSQL the same lines as SQLite's statistics tables")
    func sameLinesAsSQLite() async throws {
        let contract = StoreContract(backend: .sqlite)
        let folder = TemporaryFolder()
        let sqlite = try HealthStore.open(path: folder.database)
        let postgres = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("stats"))
        for sample in ["v14-2025", "v12-2022", "v8-2019"] {
            let path = repositoryRoot + "/SampleExports/\(sample)/export.xml"
            for store in [sqlite, postgres] as [any HealthRecordStore] {
                try contract.importFile(path, into: store, window: .all, windowGiven: true)
            }
        }
        try sqlite.refreshPendingStatistics()
        for item in Self.queries {
            let query = StatisticsQuery(
                type: item.type, period: item.period, since: item.since.flatMap(StatisticsQuery.day),
                until: item.until.flatMap(StatisticsQuery.day), preferred: item.preferred)
            let expected = try sqlite.read { db in try query.rows(db) }
            let computed = try await postgres.statistics(
                ComputedStatistics(
                    type: query.type, period: query.period, since: query.since, until: query.until,
                    preferred: query.preferred))
            #expect(computed == expected, "\(item.type) by \(item.period)")
            // The sample exports hold every kind compared: no comparison is of nothing.
            #expect(!expected.isEmpty, "\(item.type) by \(item.period)")
        }
    }
}
#endif
