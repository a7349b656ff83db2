#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

@Suite("parquet on a PostgreSQL store", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ParquetOnPostgresTests {
    /// Prints one line per check: its name, the SQLite store's answer and the PostgreSQL store's.
    static let script = #"""
        import sys, os, collections
        import pyarrow.parquet as pq
        sqlite, postgres = sys.argv[1:3]
        def check(name, expected, found):
            print(f"{name}\t{expected}\t{found}")
        def files(folder):
            return sorted(f for f in os.listdir(folder) if f.endswith(".parquet"))
        check("files", files(sqlite), files(postgres))
        for name in files(sqlite):
            if not os.path.exists(os.path.join(postgres, name)): continue
            left, right = pq.read_table(os.path.join(sqlite, name)), pq.read_table(os.path.join(postgres, name))
            check(f"{name} rows", left.num_rows, right.num_rows)
            check(f"{name} schema", repr(left.schema.to_string()), repr(right.schema.to_string()))
            for column in left.column_names:
                def values(table):
                    found = collections.Counter()
                    for value in table.column(column).to_pylist():
                        found[repr(round(value, 6) if isinstance(value, float) else value)] += 1
                    return sorted(found.items())
                def total(table):
                    return round(sum(v for v in table.column(column).to_pylist() if isinstance(v, (int, float))), 4)
                check(f"{name} {column} values", values(left), values(right))
                check(f"{name} {column} sum", total(left), total(right))
        """#

    @Test(
        "parquet --db postgresql:// --person writes that person's rows as parquet --db writes an SQLite store's",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func sameAsSQLite() throws {
        let export = Tool.repositoryRoot + "/SampleExports/zip/export.zip"
        let folder = NSTemporaryDirectory() + "healthimport-parquet-pg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = ["--db", folder + "/health.sqlite"]
        let person = TestPostgres.freshPerson("parquet")
        let postgres = ["--db", TestPostgres.url!, "--person", person]
        // Another person with the very same records: a query that leaked across people would count them twice.
        let other = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("parquet-other")]
        for store in [sqlite, postgres, other] {
            let imported = try Tool.healthimport(["import", "--all", export] + store)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let fromSQLite = try Tool.healthimport(["parquet", "-o", folder + "/sqlite"] + sqlite)
        #expect(fromSQLite.status == 0, "\(fromSQLite.stderr)")
        let fromPostgres = try Tool.healthimport(["parquet", "-o", folder + "/postgres"] + postgres)
        #expect(fromPostgres.status == 0, "\(fromPostgres.stderr)")
        for file in ["route_points.parquet", "workouts.parquet", "daily_statistics.parquet", "sleep_nights.parquet"] {
            #expect(fromPostgres.stderr.contains(file), "\(file): \(fromPostgres.stderr)")
        }

        let output = try TestPython.run(Self.script, [folder + "/sqlite", folder + "/postgres"])
        let results = output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(results.count > 100)
        for result in results { #expect(result[1] == result[2], "\(result[0])") }

        // A person the database knows, with no rows of theirs.
        let nobodyHere = TestPostgres.freshPerson("nobody")
        #expect(try Tool.healthimport(["people", "add", nobodyHere, "--db", TestPostgres.url!]).status == 0)
        let nobody = try Tool.healthimport(
            ["parquet", "-o", folder + "/nobody", "--db", TestPostgres.url!, "--person", nobodyHere])
        #expect(nobody.status == 0, "\(nobody.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/nobody")
        #expect(written.isEmpty, "\(written)")
    }
}
#endif
