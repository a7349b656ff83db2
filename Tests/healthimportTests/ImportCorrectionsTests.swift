import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A later export corrects the store: updated, replaced and deleted records, and repeats.
@Suite(.serialized) struct ImportCorrectionsTests {
    static let june1 = "2025-06-01 09:00:00 +0200"
    static let june3 = "2025-06-03 09:00:00 +0200"
    static let june5 = "2025-06-05 09:00:00 +0200"
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    /// Twenty heart-rate samples on May 20, minutes 0, 5, ... 95.
    static let heartRates = (0..<20).map { CorrectionExport.heartRate(minute: $0 * 5, value: 60 + $0) }

    func query(_ database: String, _ sql: String) throws -> [String] {
        let result = try SQLiteShell.query(database, sql)
        #expect(result.status == 0, "\(result.errors)")
        return result.lines
    }

    @Test("The export-day activity summary is updated by the next export; a third import changes nothing")
    func activitySummaryUpdated() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let first = try CorrectionExport(
            exportDate: Self.june1,
            elements: [
                CorrectionExport.activitySummary("2025-05-31", energy: 480),
                CorrectionExport.activitySummary("2025-06-01", energy: 120),
            ]
        ).write(to: folder, name: "june1.xml")
        let second = try CorrectionExport(
            exportDate: Self.june3,
            elements: [
                CorrectionExport.activitySummary("2025-05-31", energy: 480),
                CorrectionExport.activitySummary("2025-06-01", energy: 640),
                CorrectionExport.activitySummary("2025-06-02", energy: 300),
                CorrectionExport.activitySummary("2025-06-03", energy: 90),
            ]
        ).write(to: folder, name: "june3.xml")

        let one = try CorrectionRun.run([first, "--db", database])
        #expect(one.result.status == 0, "\(one.result.stderr)")
        #expect(one.types["HKActivitySummary"] == CorrectionCounts(new: 2, read: 2))
        #expect(one.addsUp)

        let two = try CorrectionRun.run([second, "--db", database])
        #expect(
            two.types["HKActivitySummary"] == CorrectionCounts(new: 2, updated: 1, already: 1, read: 4),
            "\(two.result.stdout)")
        #expect(two.addsUp)
        #expect(
            try query(database, "SELECT day, active_energy_burned FROM activity_summaries ORDER BY day") == [
                "2025-05-31|480.0", "2025-06-01|640.0", "2025-06-02|300.0", "2025-06-03|90.0",
            ])

        let three = try CorrectionRun.run([second, "--db", database, "--force"])
        #expect(three.total.new == 0 && three.total.updated == 0 && three.total.deleted == 0, "\(three.total)")
        #expect(three.addsUp)

        // The table on standard error has the same columns.
        let table = try CLI.run(["import", second, "--db", database, "--force"])
        #expect(
            table.stderr.contains("new    updated    deleted    already   repeated    outside    invalid"),
            "\(table.stderr)")
    }

    @Test("A record with a sync identifier is replaced by a higher version, and not by a lower one")
    func syncVersions() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let version1 = CorrectionExport.syncedWeight(
            kilograms: "70.4", version: 1, created: "2025-05-30 08:00:10 +0200")
        let version2 = CorrectionExport.syncedWeight(
            kilograms: "70.1", version: 2, created: "2025-06-02 08:00:10 +0200")
        let first = try CorrectionExport(exportDate: Self.june1, elements: [version1]).write(to: folder, name: "v1.xml")
        let second = try CorrectionExport(exportDate: Self.june3, elements: [version2]).write(
            to: folder, name: "v2.xml")
        let third = try CorrectionExport(exportDate: Self.june5, elements: [version2, version1]).write(
            to: folder, name: "both.xml")

        let one = try CorrectionRun.run([first, "--db", database])
        #expect(one.types["HKQuantityTypeIdentifierBodyMass"] == CorrectionCounts(new: 1, read: 1))
        let two = try CorrectionRun.run([second, "--db", database])
        #expect(
            two.types["HKQuantityTypeIdentifierBodyMass"] == CorrectionCounts(updated: 1, read: 1),
            "\(two.result.stdout)")
        #expect(two.addsUp)
        #expect(try query(database, "SELECT kilograms FROM weight_over_time") == ["70.1"])
        #expect(
            try query(database, "SELECT kilograms, replaced_by IS NOT NULL FROM weight_samples ORDER BY kilograms") == [
                "70.1|0", "70.4|1",
            ])

        // The older version arriving after the newer one, forced through the store: it stays replaced.
        let three = try CorrectionRun.run([third, "--db", database, "--all"])
        #expect(
            three.types["HKQuantityTypeIdentifierBodyMass"] == CorrectionCounts(already: 2, read: 2),
            "\(three.result.stdout)")
        #expect(three.addsUp)
        #expect(
            try query(database, "SELECT kilograms, replaced_by IS NOT NULL FROM weight_samples ORDER BY kilograms") == [
                "70.1|0", "70.4|1",
            ])
    }

    @Test(
        "A record gone from a newer export is marked deleted, left out of views and status, and current again when it comes back"
    )
    func deletionMarkedAndRestored() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let resting = (20...27).map { CorrectionExport.restingHeartRate(day: $0, value: 50 + $0) }
        let full = Self.heartRates + resting
        let gone = [Self.heartRates[3], Self.heartRates[11], resting[2]]
        let missing = full.filter { !gone.contains($0) }
        let first = try CorrectionExport(exportDate: Self.june1, elements: full).write(to: folder, name: "full.xml")
        let second = try CorrectionExport(exportDate: Self.june3, elements: missing).write(
            to: folder, name: "missing.xml")
        let third = try CorrectionExport(exportDate: Self.june5, elements: full).write(to: folder, name: "back.xml")

        #expect(try CorrectionRun.run([first, "--db", database]).total.new == 29)
        let two = try CorrectionRun.run([second, "--db", database])
        #expect(
            two.types["HKQuantityTypeIdentifierHeartRate"] == CorrectionCounts(deleted: 2, already: 18, read: 18),
            "\(two.result.stdout)")
        #expect(
            two.types["HKQuantityTypeIdentifierRestingHeartRate"] == CorrectionCounts(deleted: 1, already: 7, read: 7))
        #expect(two.addsUp)
        #expect(try query(database, "SELECT count(*) FROM quantity_samples WHERE deleted_by IS NOT NULL") == ["3"])
        #expect(try query(database, "SELECT count(*) FROM resting_heart_rate") == ["7"])
        let status = try CLI.run(["status", "--db", database, "--json"])
        let types = try #require(try jsonObject(status.stdout)["types"] as? [[String: Any]])
        let heart = try #require(types.first { $0["type"] as? String == "HKQuantityTypeIdentifierHeartRate" })
        #expect(heart["rows"] as? Int == 18)
        #expect(heart["marked"] as? Int == 2)
        let text = try CLI.run(["status", "--db", database])
        #expect(text.stdout.contains("marked"))

        // A second run of the same newer export finds nothing more.
        let again = try CorrectionRun.run([second, "--db", database, "--force"])
        #expect(again.total.deleted == 0 && again.total.updated == 0 && again.total.new == 0, "\(again.total)")

        let three = try CorrectionRun.run([third, "--db", database])
        #expect(
            three.types["HKQuantityTypeIdentifierHeartRate"] == CorrectionCounts(updated: 2, already: 18, read: 20),
            "\(three.result.stdout)")
        #expect(three.addsUp)
        #expect(try query(database, "SELECT count(*) FROM quantity_samples WHERE deleted_by IS NOT NULL") == ["0"])
        #expect(try query(database, "SELECT count(*) FROM resting_heart_rate") == ["8"])
    }

    @Test("A truncated export marks nothing and commits nothing; the complete one then marks")
    func truncatedExportMarksNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let first = try CorrectionExport(exportDate: Self.june1, elements: Self.heartRates).write(
            to: folder, name: "full.xml")
        var newer = Self.heartRates
        newer.remove(at: 15)
        newer.append(CorrectionExport.heartRate(day: 21, minute: 0))
        let complete = CorrectionExport(exportDate: Self.june3, elements: newer)
        let truncatedPath = folder + "/truncated.xml"
        let text = complete.xml
        try String(text.prefix(text.count * 2 / 3)).write(toFile: truncatedPath, atomically: true, encoding: .utf8)
        let completePath = try complete.write(to: folder, name: "complete.xml")

        #expect(try CorrectionRun.run([first, "--db", database]).types[Self.heartRate]?.new == 20)
        let before = try StoreInspection.dump(database)
        let truncated = try CLI.run(["import", truncatedPath, "--db", database])
        #expect(truncated.status != 0)
        #expect(try query(database, "SELECT count(*) FROM quantity_samples WHERE deleted_by IS NOT NULL") == ["0"])
        let after = try StoreInspection.dump(database)
        #expect(after.filter { $0.key != "imports" } == before.filter { $0.key != "imports" })

        let run = try CorrectionRun.run([completePath, "--db", database])
        #expect(
            run.types["HKQuantityTypeIdentifierHeartRate"]
                == CorrectionCounts(new: 1, deleted: 1, already: 19, read: 20), "\(run.result.stdout)")
        #expect(run.addsUp)
    }

    @Test("A run killed before its end marks nothing; run again, it ends with the store an uninterrupted run gives")
    func killedRunMarksNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let clean = folder + "/clean.sqlite"
        let first = try CorrectionExport(exportDate: Self.june1, elements: Self.heartRates).write(
            to: folder, name: "full.xml")
        var newer = Self.heartRates
        newer.remove(at: 2)
        newer.append(CorrectionExport.heartRate(day: 21, minute: 0))
        let complete = CorrectionExport(exportDate: Self.june3, elements: newer)
        let completePath = try complete.write(to: folder, name: "complete.xml")
        for store in [database, clean] {
            #expect(try CorrectionRun.run([first, "--db", store]).types[Self.heartRate]?.new == 20)
        }

        // The export arrives on standard input; the run is killed while it waits for the rest.
        let input = Pipe()
        let run = try BackgroundRun(["import", "-", "--db", database], folder: folder, stdin: input)
        let text = Array(complete.xml.utf8)
        try input.fileHandleForWriting.write(contentsOf: Data(text[..<(text.count / 2)]))
        let deadline = monotonicSeconds() + 20
        while monotonicSeconds() < deadline,
            (try? query(database, "SELECT count(*) FROM imports WHERE outcome = 'running'")) != ["1"]
        {
            usleep(20_000)
        }
        usleep(200_000)
        run.send(SIGKILL)
        _ = run.wait()
        try? input.fileHandleForWriting.close()
        #expect(try query(database, "SELECT count(*) FROM quantity_samples WHERE deleted_by IS NOT NULL") == ["0"])
        #expect(try query(database, "SELECT count(*) FROM quantity_samples") == ["20"])

        let again = try CorrectionRun.run([completePath, "--db", database])
        #expect(
            again.types[Self.heartRate] == CorrectionCounts(new: 1, deleted: 1, already: 19, read: 20),
            "\(again.result.stdout)")
        #expect(again.addsUp)
        _ = try CorrectionRun.run([completePath, "--db", clean])
        let dump = try StoreInspection.dump(database).filter { $0.key != "imports" && $0.key != "anchors" }
        let cleanDump = try StoreInspection.dump(clean).filter { $0.key != "imports" && $0.key != "anchors" }
        #expect(
            Self.withoutImportIDs(dump) == Self.withoutImportIDs(cleanDump),
            "\(StoreInspection.difference(dump, cleanDump))")
    }

    /// Import IDs differ between the two stores (the killed run took one): compare marks, not IDs.
    static func withoutImportIDs(_ dump: [String: [String]]) -> [String: [String]] {
        dump.mapValues { rows in
            rows.map {
                $0.replacingOccurrences(of: #"deleted_by=\d+"#, with: "deleted_by=marked", options: .regularExpression)
            }
        }
    }

    @Test(
        "Another person's export is refused by the 10 % rule, leaving the store untouched, and taken with --accept-deletions"
    )
    func anotherPersonsExport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let mine = (0..<150).map { CorrectionExport.heartRate(minute: $0 * 3, value: 60 + $0 % 30) }
        let theirs = (0..<150).map {
            CorrectionExport.heartRate(minute: $0 * 3 + 1, value: 70 + $0 % 20, source: "Ben’s Watch")
        }
        let first = try CorrectionExport(exportDate: Self.june1, elements: mine).write(to: folder, name: "mine.xml")
        let other = try CorrectionExport(exportDate: Self.june3, elements: theirs).write(to: folder, name: "theirs.xml")
        #expect(try CorrectionRun.run([first, "--db", database]).types[Self.heartRate]?.new == 150)
        let before = try StoreInspection.dump(database)

        let refused = try CLI.run(["import", other, "--db", database])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("would mark 150 of the 150 stored HKQuantityTypeIdentifierHeartRate records"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--accept-deletions"))
        let after = try StoreInspection.dump(database)
        #expect(after.filter { $0.key != "imports" } == before.filter { $0.key != "imports" })
        #expect(try StoreInspection.runs(database).last?.outcome == "failed")

        // Accepted: the store's records are marked; the anchor, which took the other export's
        // records for imported, is dropped, and the next run adds them.
        let accepted = try CorrectionRun.run([other, "--db", database, "--accept-deletions"])
        #expect(accepted.types[Self.heartRate]?.deleted == 150, "\(accepted.result.stdout)")
        #expect(accepted.addsUp)
        #expect(
            accepted.result.stderr.contains("run `healthimport import \(other) --force`"), "\(accepted.result.stderr)")
        // Without its anchor, the type keeps its current rows and their statistics: stats shows them.
        let stats = try CLI.run(["stats", "--type", "heart-rate", "--by", "day", "--json", "--db", database])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("\"type\":\"HKQuantityTypeIdentifierHeartRate\""), "\(stats.stdout)")
        let again = try CorrectionRun.run([other, "--db", database, "--force"])
        #expect(
            again.types[Self.heartRate] == CorrectionCounts(new: 149, already: 1, read: 150), "\(again.result.stdout)")
        #expect(again.addsUp)
        #expect(
            try query(database, "SELECT count(*), sum(deleted_by IS NOT NULL) FROM quantity_samples") == ["300|150"])
    }

    @Test("Few deletions pass the rule: at most 100, or at most 10 % of the type")
    func smallDeletionsPass() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let all = (0..<300).map { CorrectionExport.heartRate(minute: $0 * 2) }
        let first = try CorrectionExport(exportDate: Self.june1, elements: all).write(to: folder, name: "all.xml")
        let lessThan100 = try CorrectionExport(exportDate: Self.june3, elements: Array(all.dropFirst(99)))
            .write(to: folder, name: "fewer.xml")
        #expect(try CorrectionRun.run([first, "--db", database]).types[Self.heartRate]?.new == 300)
        let run = try CorrectionRun.run([lessThan100, "--db", database])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.total.deleted == 99)
        #expect(run.addsUp)
    }

    @Test(
        "Records that differ only in HKExternalUUID stay distinct; a repeated element is counted as repeated, never as already imported"
    )
    func distinctAndRepeated() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let repeated = CorrectionExport.heartRate(minute: 30)
        let export = try CorrectionExport(
            exportDate: Self.june1,
            elements: [
                CorrectionExport.food(external: "A-1"), CorrectionExport.food(external: "A-2"), repeated, repeated,
                repeated,
            ]
        ).write(to: folder, name: "export.xml")

        let records = try CLI.run(["records", export])
        #expect(records.status == 0)
        let uuids = try records.lines.map { try #require(try jsonObject($0)["uuid"] as? String) }
        #expect(records.lines.count == 6)
        #expect(uuids[1] != uuids[2], "two portions, two records")
        #expect(uuids[3] == uuids[4] && uuids[4] == uuids[5], "repeats share their UUID")
        #expect(records.stderr.contains("healthimport: 6 records, 2 repeats"), "\(records.stderr)")

        let run = try CorrectionRun.run([export, "--db", database])
        #expect(run.types["HKQuantityTypeIdentifierDietaryEnergyConsumed"] == CorrectionCounts(new: 2, read: 2))
        #expect(
            run.types["HKQuantityTypeIdentifierHeartRate"] == CorrectionCounts(new: 1, repeated: 2, read: 3),
            "\(run.result.stdout)")
        #expect(run.addsUp)
        #expect(try query(database, "SELECT count(*) FROM quantity_samples") == ["3"])

        let forced = try CorrectionRun.run([export, "--db", database, "--force"])
        #expect(forced.types["HKQuantityTypeIdentifierHeartRate"] == CorrectionCounts(already: 1, repeated: 2, read: 3))
        #expect(forced.total.new == 0)
        #expect(forced.addsUp)
    }

    @Test(
        "records --state prints the updates, replacements and deletions that import counts, with a state file far smaller than the records"
    )
    func recordsStateMatchesImport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let state = folder + "/state.json"
        let many = (0..<400).map { CorrectionExport.heartRate(minute: $0, value: 60 + $0 % 40) }
        let first = try CorrectionExport(
            exportDate: Self.june1,
            elements: many + [
                CorrectionExport.activitySummary("2025-06-01", energy: 120),
                CorrectionExport.syncedWeight(kilograms: "70.4", version: 1, created: "2025-05-30 08:00:10 +0200"),
            ]
        ).write(to: folder, name: "june1.xml")
        let kept = many.enumerated().filter { $0.offset % 50 != 7 }.map(\.element)
        let second = try CorrectionExport(
            exportDate: Self.june3,
            elements: kept + [
                CorrectionExport.activitySummary("2025-06-01", energy: 640),
                CorrectionExport.syncedWeight(kilograms: "70.1", version: 2, created: "2025-06-02 08:00:10 +0200"),
            ]
        ).write(to: folder, name: "june3.xml")

        _ = try CorrectionRun.run([first, "--db", database])
        let imported = try CorrectionRun.run([second, "--db", database])
        #expect(imported.total.updated == 2 && imported.total.deleted == 8, "\(imported.total)")
        #expect(imported.addsUp)

        let firstLines = try CLI.run(["records", first, "--state", state])
        #expect(firstLines.status == 0, "\(firstLines.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: state)[.size] as? Int)
        #expect(
            size * 3 < firstLines.stdout.utf8.count,
            "state \(size) bytes for \(firstLines.stdout.utf8.count) bytes of records")
        let lines = try CLI.run(["records", second, "--state", state])
        #expect(lines.status == 0, "\(lines.stderr)")
        let objects = try lines.lines.map { try jsonObject($0) }
        let deletions = objects.filter { $0["kind"] as? String == "deletion" }
        let stored = try query(database, "SELECT uuid FROM quantity_samples WHERE deleted_by IS NOT NULL ORDER BY uuid")
        let replaced = try query(database, "SELECT uuid FROM weight_samples WHERE replaced_by IS NOT NULL")
        #expect(Set(deletions.compactMap { $0["uuid"] as? String }) == Set(stored + replaced))
        for deletion in deletions {
            #expect(Set(deletion.keys) == ["kind", "type", "uuid", "start"])
        }
        let summary = try #require(objects.first { $0["kind"] as? String == "activitySummary" })
        #expect(summary["activeEnergyBurned"] as? Double == 640)
        #expect(lines.stderr.contains("2 of them updated, 8 deletions"), "\(lines.stderr)")

        // The same export again: nothing.
        let again = try CLI.run(["records", second, "--state", state])
        #expect(again.lines.filter { !$0.contains("\"kind\":\"export\"") }.isEmpty, "\(again.stdout)")
    }

    @Test("A day's summary listed twice keeps the first: a re-import updates nothing, records --state prints nothing")
    func repeatedSummary() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let state = folder + "/state.json"
        let export = try CorrectionExport(
            exportDate: Self.june3,
            elements: [
                CorrectionExport.activitySummary("2025-06-01", energy: 500),
                CorrectionExport.activitySummary("2025-06-01", energy: 640),
            ]
        ).write(to: folder, name: "twice.xml")
        _ = try CorrectionRun.run([export, "--db", database])
        for _ in 0..<2 {
            let again = try CorrectionRun.run([export, "--db", database, "--force"])
            #expect(again.total.updated == 0, "\(again.total)")
        }
        #expect(try query(database, "SELECT active_energy_burned FROM activity_summaries") == ["500.0"])

        let first = try CLI.run(["records", export, "--state", state])
        #expect(first.lines.filter { $0.contains("\"kind\":\"activitySummary\"") }.count == 2)
        for _ in 0..<2 {
            let again = try CLI.run(["records", export, "--state", state])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.lines.filter { !$0.contains("\"kind\":\"export\"") }.isEmpty, "\(again.stdout)")
        }
    }

    @Test("A workout's zones go to the store and the JSON line; a workout whose content changes is updated")
    func workoutZonesAndUpdates() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let workout = """
            <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="29.77" durationUnit="min" sourceName="Watch" \
            creationDate="2025-05-30 16:35:50 +0200" startDate="2025-05-30 16:05:56 +0200" endDate="2025-05-30 16:35:43 +0200">\
            <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2025-05-30 16:05:56 +0200" \
            endDate="2025-05-30 16:35:43 +0200" sum="ENERGY" unit="kcal"/>\
            <WorkoutZoneGroup type="HKQuantityTypeIdentifierHeartRate" source="system" unit="count/min">\
            <WorkoutZone maximum="132" duration="22.0863" durationUnit="min"/>\
            <WorkoutZone minimum="132" duration="7.5" durationUnit="min"/></WorkoutZoneGroup></Workout>
            """
        let first = try CorrectionExport(
            exportDate: Self.june1, elements: [workout.replacingOccurrences(of: "ENERGY", with: "117")]
        )
        .write(to: folder, name: "june1.xml")
        let second = try CorrectionExport(
            exportDate: Self.june3, elements: [workout.replacingOccurrences(of: "ENERGY", with: "121")]
        )
        .write(to: folder, name: "june3.xml")

        let records = try CLI.run(["records", first])
        let line = try jsonObject(try #require(records.lines.last))
        let groups = try #require(line["zoneGroups"] as? [[String: Any]])
        #expect((groups.first?["zones"] as? [[String: Any]])?.count == 2)

        _ = try CorrectionRun.run([first, "--db", database])
        #expect(
            try query(database, "SELECT minimum, maximum, duration FROM workout_zones ORDER BY position") == [
                "|132.0|22.0863", "132.0||7.5",
            ])
        let run = try CorrectionRun.run([second, "--db", database])
        #expect(
            run.types["HKWorkoutActivityTypeCycling"] == CorrectionCounts(updated: 1, read: 1), "\(run.result.stdout)")
        #expect(run.addsUp)
        #expect(try query(database, "SELECT total_energy_burned FROM workouts") == ["121.0"])
        #expect(try query(database, "SELECT count(*) FROM workout_zones") == ["2"])
        let again = try CorrectionRun.run([second, "--db", database, "--force"])
        #expect(again.types["HKWorkoutActivityTypeCycling"] == CorrectionCounts(already: 1, read: 1))
    }

    @Test("Routes and ECGs are not deleted by a later run over a bare export.xml, which has none of them")
    func bareExportDeletesNoSidecars() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let unzip = try CLI.runProcess(
            "/usr/bin/unzip", ["-q", CLI.sample("zip/export.zip"), "-d", folder + "/unzipped"])
        try #require(unzip.status == 0, "\(unzip.stderr)")
        let bare = folder + "/bare.xml"
        try FileManager.default.copyItem(atPath: folder + "/unzipped/apple_health_export/export.xml", toPath: bare)

        let first = try CorrectionRun.run([CLI.sample("zip/export.zip"), "--all", "--db", database])
        #expect(first.types["HKWorkoutRoute"]?.new == 2)
        #expect(first.types["HKElectrocardiogram"]?.new == 1)
        let again = try CorrectionRun.run([bare, "--all", "--db", database, "--force"])
        #expect(again.result.status == 0, "\(again.result.stderr)")
        #expect(again.total.deleted == 0, "\(again.total)")
        #expect(again.addsUp)
        #expect(try query(database, "SELECT count(*) FROM routes WHERE deleted_by IS NULL") == ["2"])
        #expect(try query(database, "SELECT count(*) FROM electrocardiograms WHERE deleted_by IS NULL") == ["1"])
    }
}
