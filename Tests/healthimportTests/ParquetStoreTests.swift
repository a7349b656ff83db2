import Foundation
import HealthFixtures
import Testing

@Suite struct ParquetStoreTests {
    static let script = #"""
        import sys, os, sqlite3, collections
        import pyarrow.parquet as pq
        store, from_export, from_store = sys.argv[1:4]
        def check(name, expected, found):
            print(f"{name}\t{expected}\t{found}")
        def rows(folder, name):
            path = os.path.join(folder, name + ".parquet")
            return pq.read_table(path).to_pylist() if os.path.exists(path) else []
        # The same records imported: every file of the export's run has the rows of the store's.
        for name in sorted(f[:-8] for f in os.listdir(from_export) if f.endswith(".parquet")):
            check(f"rows {name}", len(rows(from_export, name)), len(rows(from_store, name)))
        db = sqlite3.connect(store)
        current = "deleted_by IS NULL AND replaced_by IS NULL"
        stored = dict(db.execute(f"SELECT type, count(*) FROM quantity_samples WHERE {current} GROUP BY type ORDER BY type"))
        found = collections.Counter(r["type"] for r in rows(from_store, "quantity_samples"))
        check("quantity rows per type", stored, dict(sorted(found.items())))
        sums = {t: round(v, 6) for t, v in db.execute(f"SELECT type, sum(value) FROM quantity_samples WHERE {current} GROUP BY type ORDER BY type")}
        found = collections.defaultdict(float)
        for r in rows(from_store, "quantity_samples"):
            if r["value"] is not None: found[r["type"]] += r["value"]
        check("quantity sums per type", sums, {t: round(v, 6) for t, v in sorted(found.items())})
        check("same uuids as the export's run", sorted(str(r["uuid"]) for r in rows(from_export, "quantity_samples")),
              sorted(str(r["uuid"]) for r in rows(from_store, "quantity_samples")))
        check("same starts as the export's run", sorted((str(r["uuid"]), r["start_time"], r["start_offset_minutes"]) for r in rows(from_export, "workouts")),
              sorted((str(r["uuid"]), r["start_time"], r["start_offset_minutes"]) for r in rows(from_store, "workouts")))
        steps = [(d, round(v, 6)) for d, v in db.execute("SELECT bucket, sum FROM statistics WHERE type = 'HKQuantityTypeIdentifierStepCount' AND period = 'day' ORDER BY bucket")]
        daily = sorted((r["day"].isoformat(), round(r["value"], 6)) for r in rows(from_store, "daily_statistics") if r["type"] == "HKQuantityTypeIdentifierStepCount")
        check("daily steps", steps, daily)
        check("some step days", len(steps) > 0, True)
        nights = [(n, round(a, 6)) for n, a in db.execute("SELECT night, asleep_minutes FROM sleep_nights ORDER BY night")]
        check("sleep nights", nights, sorted((r["night"].isoformat(), round(r["asleep_minutes"], 6)) for r in rows(from_store, "sleep_nights")))
        """#

    @Test(
        "parquet --db writes the store's current rows as the export's run does, and the daily figures of stats",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func storeMatchesExport() throws {
        let folder = NSTemporaryDirectory() + "healthimport-parquet-store-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let export = CLI.sample("zip/export.zip")
        let store = folder + "/health.sqlite"
        let imported = try CLI.run(["import", export, "--db", store, "--all"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let fromExport = try CLI.run(["parquet", export, "--all", "-o", folder + "/export", "-q"])
        #expect(fromExport.status == 0, "\(fromExport.stderr)")
        let fromStore = try CLI.run(["parquet", "--db", store, "-o", folder + "/store"])
        #expect(fromStore.status == 0, "\(fromStore.stderr)")
        #expect(fromStore.stderr.contains("daily_statistics.parquet"))
        let output = try TestPython.run(Self.script, [store, folder + "/export", folder + "/store"])
        let results = output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(results.count > 10)
        for result in results { #expect(result[1] == result[2], "\(result[0])") }
    }

    @Test(
        "a day's activity summary listed twice with two contents: the export's run keeps the first, as the store does",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func repeatedSummaryKeepsTheFirst() throws {
        let folder = NSTemporaryDirectory() + "healthimport-parquet-repeat-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // As a damaged export lists it: the same day twice, the move goal changed in between.
        let day = { (goal: Int) in
            """
             <ActivitySummary dateComponents="2023-09-22" activeEnergyBurned="68.078" activeEnergyBurnedGoal="\(goal)" \
            activeEnergyBurnedUnit="kcal" appleExerciseTime="10" appleExerciseTimeGoal="30" appleStandHours="3" appleStandHoursGoal="12"/>
            """
        }
        let export = folder + "/export.xml"
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_PT">
             <ExportDate value="2023-09-23 10:00:00 +0100"/>
            \(day(130))
            \(day(150))
            </HealthData>
            """.utf8
        ).write(to: URL(fileURLWithPath: export))
        let store = folder + "/health.sqlite"
        #expect(try CLI.run(["import", export, "--db", store, "--all"]).status == 0)
        #expect(try CLI.run(["parquet", export, "--all", "-o", folder + "/export", "-q"]).status == 0)
        #expect(try CLI.run(["parquet", "--db", store, "-o", folder + "/store", "-q"]).status == 0)
        let goals = try TestPython.run(
            """
            import sys, pyarrow.parquet as pq
            for folder in sys.argv[1:]:
                print(pq.read_table(folder + "/activity_summaries.parquet").column("active_energy_burned_goal").to_pylist())
            """, [folder + "/export", folder + "/store"])
        #expect(goals == "[130.0]\n[130.0]\n")
    }

    @Test("parquet with both an export and --db, or --type with --db, is a usage error")
    func usageErrors() throws {
        let both = try CLI.run(["parquet", CLI.sample("zip/export.zip"), "--db", "x.sqlite", "-o", "out"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"))
        let type = try CLI.run(["parquet", "--db", "x.sqlite", "--type", "steps", "-o", "out"])
        #expect(type.status == 64)
        let folder = NSTemporaryDirectory() + "healthimport-parquet-missing-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try CLI.run(["parquet", "--db", "/nonexistent/health.sqlite", "-o", folder])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("healthimport: error: /nonexistent/health.sqlite does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder), "a failed start leaves no folder behind")
        let noExport = try CLI.run(["parquet", "/nonexistent/export.zip", "-o", folder])
        #expect(noExport.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder), "a failed start leaves no folder behind")
    }
}
