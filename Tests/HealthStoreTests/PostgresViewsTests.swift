import Foundation
import HealthCore
import HealthFixtures
import Testing

@testable import HealthPostgres

@Suite("The PostgreSQL views", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresViewsTests {
    /// The views and their rows for the v14 sample export, as SQLite's views give them, but for
    /// `sleep_by_night`: a row per night and stage here (6 nights, 5 stages), where SQLite's
    /// reads its stored nights (a row per night).
    static let expected = [
        "weight_over_time": 8, "daily_steps": 19, "resting_heart_rate": 5, "sleep_by_night": 30,
        "workout_overview": 4, "activity_rings": 10, "profile": 1,
    ]

    @Test("Each view gives a person the rows SQLite's gives, and another person none")
    func rowsPerPerson() throws {
        let url = TestPostgres.url!
        let store = try PostgresStore.open(url: url, person: TestPostgres.freshPerson("views"))
        let other = TestPostgres.freshPerson("nobody")
        try StoreContract(backend: .postgres).importFile(
            repositoryRoot + "/SampleExports/v14-2025/export.xml", into: store, window: .all, windowGiven: true)
        for (view, rows) in Self.expected {
            for (person, count) in [(store.person, rows), (other, 0)] {
                let found = try Blocking.run {
                    try await store.query(
                        "SELECT count(*) FROM \(view) WHERE person = $1", PostgresStore.binds([person]))
                }
                #expect(try found.first?.decode(Int64.self) == Int64(count), "\(view) for \(person)")
            }
        }
    }
}
