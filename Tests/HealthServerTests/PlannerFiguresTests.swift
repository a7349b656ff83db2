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
            let (counted, stored) = try Self.figures(store)
            #expect(stored.allSatisfy { $0 > 0 })
            // An unanalysed table counts -1; a sampled count of a table this small is exact.
            #expect(counted == stored, "\(counted) against \(stored)")
        }
    }

    @Test("A table another session holds is left to it; the import's other tables are counted")
    func heldTableSkipped() throws {
        try ScratchDatabase.with("figures_held") { url in
            let store = try PostgresStore.open(url: url, person: "ana")
            defer { store.closeWaiting() }
            // The lock autovacuum takes to analyse a table.
            try Blocking.run {
                try await store.query("BEGIN")
                try await store.query("LOCK TABLE quantity_samples IN SHARE UPDATE EXCLUSIVE MODE")
            }
            let imported = try Tool.healthimport([
                "import", Tool.repositoryRoot + "/SampleExports/zip/export.zip", "--all", "--db", url,
                "--person", "ana",
            ])
            try Blocking.run { try await store.query("ROLLBACK") }
            #expect(imported.status == 0, "\(imported.stderr)")
            let (counted, stored) = try Self.figures(store)
            #expect(counted[0] == stored[0] && counted[1] == stored[1] && counted[3] == stored[3], "\(counted)")
            #expect(counted[2] == -1, "quantity_samples, held, is not analysed: \(counted)")
        }
    }

    /// The planner's row counts of `category_samples`, `metadata`, `quantity_samples` and
    /// `workouts`, and their real counts, in that order.
    static func figures(_ store: PostgresStore) throws -> (counted: [Int64], stored: [Int64]) {
        let tables = ["category_samples", "metadata", "quantity_samples", "workouts"]
        let counted = try Blocking.run {
            try await store.query(
                "SELECT relname::text, reltuples::bigint FROM pg_class WHERE relname = ANY(\(tables)) ORDER BY relname"
            ).map { try $0.decode((String, Int64).self) }
        }
        #expect(counted.map(\.0) == tables)
        let stored = try Blocking.run {
            try await store.query(
                """
                SELECT (SELECT count(*) FROM category_samples), (SELECT count(*) FROM metadata),
                    (SELECT count(*) FROM quantity_samples), (SELECT count(*) FROM workouts)
                """
            ).map { try $0.decode((Int64, Int64, Int64, Int64).self) }
        }.first!
        return (counted.map(\.1), [stored.0, stored.1, stored.2, stored.3])
    }
}
#endif
