#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

@testable import HealthPostgres

/// The planner's figures of the tables an import fills, which reads of the person's rows rely on.
@Suite("Planner figures after an import", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PlannerFiguresTests {
    @Test("An import into a new database leaves figures of the tables it filled, not only autovacuum's later")
    func newDatabase() throws {
        try ScratchDatabase.with("figures") { url in
            let imported = try Tool.healthimport([
                "import", Tool.repositoryRoot + "/SampleExports/zip/export.zip", "--all", "--db", url,
                "--person", "ana",
            ])
            #expect(imported.status == 0, "\(imported.stderr)")
            let store = try PostgresStore.open(url: url, person: "ana")
            defer { store.closeWaiting() }
            let counted = try Blocking.run {
                try await store.query(
                    """
                    SELECT relname::text, reltuples::bigint FROM pg_class
                    WHERE relname IN ('quantity_samples', 'metadata', 'category_samples', 'workouts')
                    ORDER BY relname
                    """
                ).map { try $0.decode((String, Int64).self) }
            }
            let stored = try Blocking.run {
                try await store.query(
                    """
                    SELECT (SELECT count(*) FROM quantity_samples), (SELECT count(*) FROM metadata),
                        (SELECT count(*) FROM category_samples), (SELECT count(*) FROM workouts)
                    """
                ).map { try $0.decode((Int64, Int64, Int64, Int64).self) }
            }.first!
            #expect(stored.0 > 0 && stored.1 > 0 && stored.2 > 0 && stored.3 > 0)
            // An unanalysed table counts -1; a sampled count of a table this small is exact.
            #expect(
                counted.map(\.0) == ["category_samples", "metadata", "quantity_samples", "workouts"]
                    && counted.map(\.1) == [stored.2, stored.1, stored.0, stored.3],
                "\(counted) against \(stored)")
        }
    }
}
#endif
