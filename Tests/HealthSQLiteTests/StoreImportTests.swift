import Foundation
import GRDB
import HealthCore
import HealthExport
import HealthFixtures
import HealthJSON
import Testing

@testable import HealthSQLite

@Suite struct StoreImportTests {
    typealias Sample = FixtureExport.Sample
    let day = FixtureExport.day

    /// Counts add up to what the export holds (every record read is counted once).
    func expectAddsUp(_ result: ImportResult, records: Int) {
        #expect(result.total.read == records + 1)  // + the export's own facts
    }

    @Test("The first import takes the last 30 days; the same export again adds nothing")
    func sameExportTwice() throws {
        let folder = TemporaryFolder()
        let export = FixtureExport.steps(days: 60)
        let path = try export.write(in: folder)
        let first = try importFile(path, into: folder.database)
        expectAddsUp(first, records: export.samples.count)
        #expect(first.total.new == 121)  // 120 steps in 30 days + the export row
        #expect(first.total.outsideWindow == export.samples.count - 120)
        let second = try importFile(path, into: folder.database)
        expectAddsUp(second, records: export.samples.count)
        #expect(second.total.new == 0)
        #expect(second.total.alreadyImported == 121)
        #expect(try rowCount(folder.database, "quantity_samples") == 120)
    }

    @Test("The very same export is recognised and skipped unless forced")
    func sameExportSkipped() throws {
        let folder = TemporaryFolder()
        let path = try FixtureExport.steps(days: 10).write(in: folder)
        try importFile(path, into: folder.database, force: false)
        let again = try importFile(path, into: folder.database, force: false)
        #expect(again.sameExport != nil)
        #expect(again.report == nil)
    }

    @Test("A newer export adds only what is new")
    func newerExport() throws {
        let folder = TemporaryFolder()
        let old = FixtureExport.steps(days: 30)
        try importFile(try old.write(in: folder, name: "a.xml"), into: folder.database)
        var newer = FixtureExport.steps(exportDate: FixtureExport.baseDate + 5 * day, days: 35)
        newer.samples = newer.samples.map {
            var s = $0
            s.value = "\(s.start)"
            return s
        }
        var oldSteps = old
        oldSteps.samples = old.samples.map {
            var s = $0
            s.value = "\(s.start)"
            return s
        }
        let folder2 = TemporaryFolder()
        try importFile(try oldSteps.write(in: folder2, name: "a.xml"), into: folder2.database)
        let result = try importFile(try newer.write(in: folder2, name: "b.xml"), into: folder2.database)
        expectAddsUp(result, records: newer.samples.count)
        #expect(result.total.new == 20)  // 5 new days of 4 samples; the profile is the one stored
        #expect(result.total.alreadyImported == 120 + 1)
        #expect(try rowCount(folder2.database, "quantity_samples") == 140)
    }

    @Test("The same records listed day by day or source by source leave the same store, statistics included")
    func sourceOrder() throws {
        // Three sources' steps, each day's listed source after source, as the generator does.
        let sources = ["Anna’s iPhone", "Anna’s Apple Watch", "Zepp Life"]
        var byDay = FixtureExport(exportDate: FixtureExport.baseDate)
        for dayIndex in Int64(0)..<10 {
            let midnight = FixtureExport.baseDate - (10 - dayIndex) * day
            for (position, source) in sources.enumerated() {
                for slot in Int64(0)..<40 {
                    let start = midnight + slot * 600 + Int64(position) * 60
                    byDay.samples.append(Sample(source: source, value: "\(slot + 1)", start: start))
                }
            }
        }
        var bySource = byDay
        bySource.samples = sources.flatMap { source in byDay.samples.filter { $0.source == source } }
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        let dayResult = try importFile(
            try byDay.write(in: first), into: first.database, window: .all, windowGiven: true)
        let sourceResult = try importFile(
            try bySource.write(in: second), into: second.database, window: .all, windowGiven: true)
        #expect(dayResult.total.new == 1_200 + 1)
        #expect(sourceResult.total.new == 1_200 + 1)
        #expect(try rowCount(first.database, "quantity_samples") == 1_200)
        #expect(try rowCount(first.database, "statistics") > 0)
        #expect(try dumpTables(first.database) == dumpTables(second.database))
    }

    @Test("The same export written in another time zone is already imported")
    func otherTimeZone() throws {
        let folder = TemporaryFolder()
        var export = FixtureExport.steps(days: 20)
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database)
        export.offsetMinutes = -300
        let result = try importFile(try export.write(in: folder, name: "b.xml"), into: folder.database)
        #expect(result.total.new == 0)
        #expect(result.total.alreadyImported == export.samples.count + 1)
    }

    @Test("A weight written in pounds instead of kilograms is the same weight")
    func otherUnit() throws {
        let folder = TemporaryFolder()
        let start = FixtureExport.baseDate - 3 * day
        var export = FixtureExport(exportDate: FixtureExport.baseDate)
        export.samples = [
            Sample(type: "HKQuantityTypeIdentifierBodyMass", source: "Scale", unit: "kg", value: "70", start: start)
        ]
        try importFile(try export.write(in: folder, name: "kg.xml"), into: folder.database)
        export.samples[0].unit = "lb"
        export.samples[0].value = "154.3236"
        let result = try importFile(
            try export.write(in: folder, name: "lb.xml"), into: folder.database, window: .all, windowGiven: true)
        #expect(result.total.new == 0)
        #expect(try rowCount(folder.database, "weight_samples") == 1)
    }

    @Test("A late arrival with an old date but a new creation date is imported")
    func lateArrival() throws {
        let folder = TemporaryFolder()
        var export = FixtureExport.steps(days: 10)
        export.samples.append(
            Sample(
                type: "HKQuantityTypeIdentifierBodyMass", source: "Scale", unit: "kg", value: "70",
                start: FixtureExport.baseDate - 2 * day))
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database)
        let later = FixtureExport.baseDate + day
        export.exportDate = later
        // A weight typed in today for 40 days ago, and a watch sample synced late for 60 days ago.
        export.samples.append(
            Sample(
                type: "HKQuantityTypeIdentifierBodyMass", source: "Health", unit: "kg", value: "71",
                start: later - 40 * day, createdAfter: 40 * day - 3600))
        export.samples.append(Sample(value: "7", start: later - 60 * day, createdAfter: 60 * day - 60))
        let result = try importFile(try export.write(in: folder, name: "b.xml"), into: folder.database)
        #expect(result.report?.counts["HKQuantityTypeIdentifierStepCount"]?.new == 1)
        #expect(result.report?.counts["HKQuantityTypeIdentifierBodyMass"]?.new == 1)
        expectAddsUp(result, records: export.samples.count)
    }

    @Test("A backfill with --all after a 30-day import takes the older records once")
    func backfill() throws {
        let folder = TemporaryFolder()
        let export = FixtureExport.steps(days: 90)
        let path = try export.write(in: folder)
        let first = try importFile(path, into: folder.database)
        #expect(first.total.new == 121)
        let all = try importFile(path, into: folder.database, window: .all, windowGiven: true)
        #expect(all.total.new == export.samples.count - 120)
        #expect(all.total.alreadyImported == 121)
        let again = try importFile(path, into: folder.database, window: .all, windowGiven: true)
        #expect(again.total.new == 0)
        #expect(again.total.alreadyImported == export.samples.count + 1)
        let anchors = try HealthStore.open(path: folder.database).anchors()
        #expect(anchors["HKQuantityTypeIdentifierStepCount"]?.coveredStart == nil)
    }

    @Test("An export missing records the store has deletes nothing; a changed record is added")
    func missingAndChanged() throws {
        let folder = TemporaryFolder()
        var export = FixtureExport.steps(days: 10)
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database)
        export.samples.removeFirst(5)
        export.samples[0].value = "9999"
        export.samples[0].createdAfter += 86_400 * 20
        export.exportDate += 60
        let result = try importFile(try export.write(in: folder, name: "b.xml"), into: folder.database)
        expectAddsUp(result, records: export.samples.count)
        #expect(result.report?.counts["HKQuantityTypeIdentifierStepCount"]?.new == 1)
        #expect(result.report?.counts["HKQuantityTypeIdentifierStepCount"]?.alreadyImported == export.samples.count - 1)
        #expect(try rowCount(folder.database, "quantity_samples") == 41)
    }

    @Test(
        "An interrupted import, run again, ends with exactly the rows of an uninterrupted one",
        arguments: [1, 13, 64, 150])
    func interruptedThenResumed(stopAfter: Int) throws {
        let folder = TemporaryFolder()
        let export = FixtureExport.steps(days: 40, spacing: 3 * 3600)
        let path = try export.write(in: folder)
        let clean = folder.path + "/clean.sqlite"
        try importFile(path, into: clean)
        #expect(throws: StopForTest.self) {
            try importFile(path, into: folder.database, stopAfter: stopAfter, rowsPerTransaction: 10)
        }
        #expect(try HealthStore.open(path: folder.database).anchors().isEmpty)
        let resumed = try importFile(path, into: folder.database)
        expectAddsUp(resumed, records: export.samples.count)
        #expect(try dumpTables(folder.database) == dumpTables(clean))
        let outcomes = try DatabaseQueue(path: folder.database, configuration: .patient).read { db in
            try String.fetchAll(db, sql: "SELECT outcome FROM imports ORDER BY id")
        }
        #expect(outcomes == ["interrupted", "completed"])
    }

    @Test("A truncated export fails with a clear error and keeps what was committed")
    func truncatedExport() throws {
        let folder = TemporaryFolder()
        let export = FixtureExport.steps(days: 30, spacing: 3600)
        let whole = try export.write(in: folder)
        let text = export.xml
        let cut = String(text.prefix(text.count * 2 / 3))
        let truncated = folder.path + "/truncated.xml"
        try cut.write(toFile: truncated, atomically: true, encoding: .utf8)
        #expect(throws: ExportError.self) {
            try importFile(truncated, into: folder.database, rowsPerTransaction: 10)
        }
        #expect(try rowCount(folder.database, "quantity_samples") > 0)
        let clean = folder.path + "/clean.sqlite"
        try importFile(whole, into: clean)
        try importFile(whole, into: folder.database)
        #expect(try dumpTables(folder.database) == dumpTables(clean))
    }

    @Test("A store another process is writing is reported as locked")
    func lockedStore() throws {
        let folder = TemporaryFolder()
        let path = try FixtureExport.steps(days: 5).write(in: folder)
        _ = try HealthStore.open(path: folder.database)
        let other = try DatabaseQueue(path: folder.database)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let error = #expect(throws: StoreError.self) { try importFile(path, into: folder.database) }
            #expect(error?.code == .locked)
            try db.execute(sql: "ROLLBACK")
        }
        try importFile(path, into: folder.database)
    }

    @Test("A store from a newer schema is refused and left untouched")
    func newerSchema() throws {
        let folder = TemporaryFolder()
        _ = try HealthStore.open(path: folder.database)
        try DatabaseQueue(path: folder.database).write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let error = #expect(throws: StoreError.self) { try HealthStore.open(path: folder.database) }
        #expect(error?.code == .newerSchema)
    }

    @Test("A read-only store gives a clear error", .enabled(if: getuid() != 0, "root may write to read-only files"))
    func readOnlyStore() throws {
        let folder = TemporaryFolder()
        let path = try FixtureExport.steps(days: 5).write(in: folder)
        _ = try HealthStore.open(path: folder.database)
        chmod(folder.database, 0o444)
        #expect(throws: StoreError.self) { try importFile(path, into: folder.database) }
    }

    @Test("The views answer common questions: each returns the rows of a small export, without the deleted or replaced")
    func views() throws {
        let folder = TemporaryFolder()
        let exports = try QueryExport.write(in: folder)
        try importFile(exports.first, into: folder.database, window: .all)
        try importFile(exports.later, into: folder.database, window: .all)
        func rows(_ sql: String) throws -> [String] {
            try DatabaseQueue(path: folder.database, configuration: .patient).read { db in
                try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { "\($0)" }.joined(separator: "|") }
            }
        }
        // Watch 600 over the iPhone's 500 at 08:00 (the Watch first), the iPhone's 400 at 11:00; its 300 at
        // 15:00 was deleted.
        #expect(
            try rows("SELECT day, steps, sources FROM daily_steps")
                == [#""2024-05-10"|1000.0|"{\"Jo’s Apple Watch\":600,\"Jo’s iPhone\":400}""#])
        // Version 2 of the weighing replaced version 1.
        #expect(try rows("SELECT day, kilograms, source_name FROM weight_over_time") == [#""2024-05-10"|70.2|"Scale""#])
        #expect(try rows("SELECT * FROM resting_heart_rate") == [#""2024-05-10"|52.0|52.0|52.0"#])
        // In bed 22:30-06:00 (iPhone); asleep from 23:00: core 240 min, deep 60, then awake 10 (Watch).
        let sleep = try rows("SELECT * FROM sleep_by_night")
        #expect(
            sleep == [
                #""2024-05-10"|"2024-05-10T23:00:00+02:00"|"2024-05-11T04:00:00+02:00"|450.0|300.0|10.0|240.0|60.0|0.0|0.0|"{\"Jo’s Apple Watch\":310,\"Jo’s iPhone\":450}""#
            ])
        let workouts = try rows("SELECT day, activity, minutes, total_distance, source_name FROM workout_overview")
        #expect(workouts == [#""2024-05-10"|"Running"|30.0|5.2|"Jo’s Apple Watch""#])
        let rings = try rows("SELECT * FROM activity_rings")
        #expect(rings == [#""2024-05-10"|480.0|500.0|"kcal"|0.0|0.0|35.0|30.0|10.0|12.0"#])
    }
}

@Suite struct EmptyTypeImportTests {
    @Test("A record with an empty type is stored once: a second import of the export finds nothing new or gone")
    func emptyTypeTwice() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/export.xml"
        try minimalExport(
            """
             <VisionPrescription dateIssued="2024-04-01 00:00:00 +0200" expirationDate="2026-04-01 00:00:00 +0200">
              <RightEye sphere="-1.25" sphereUnit="D"/>
             </VisionPrescription>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="1"/>
            """
        ).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try importFile(path, into: folder.database, window: .all, windowGiven: true)
        #expect(first.total.new == 3)
        #expect(try rowCount(folder.database, "vision_prescriptions") == 1)
        let second = try importFile(path, into: folder.database, window: .all, windowGiven: true)
        #expect(second.total.new == 0 && second.total.deleted == 0, "\(second.total)")
        #expect(second.total.alreadyImported == 3)
    }
}

@Suite struct ForeignKeyTests {
    @Test("Imports write the writer's keys with SQLite's checks off, and every key names a stored row")
    func keysNameStoredRows() throws {
        let folder = TemporaryFolder()
        let (first, later) = try QueryExport.write(in: folder)
        try importFile(first, into: folder.database)
        // A correcting run that stops rolls back the types, sources and devices it added.
        let sample = repositoryRoot + "/SampleExports/v14-2025/export.xml"
        #expect(throws: StopForTest.self) { try importFile(sample, into: folder.database, stopAfter: 40) }
        try importFile(later, into: folder.database)
        try importFile(sample, into: folder.database, window: .all)

        let store = try HealthStore.open(path: folder.database)
        try store.read { db in
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let sources = try Int.fetchOne(db, sql: "SELECT count(DISTINCT source_id) FROM quantity_sample_rows") ?? 0
            let devices = try Int.fetchOne(db, sql: "SELECT count(DISTINCT device_id) FROM quantity_sample_rows") ?? 0
            #expect(sources >= 3)
            #expect(devices >= 2)
        }
    }
}

@Suite struct CheckpointTests {
    /// The sizes of the store's file and of its write-ahead log.
    static func sizes(_ database: String) throws -> (store: Int, log: Int) {
        let manager = FileManager.default
        let store = try manager.attributesOfItem(atPath: database)[.size] as? Int ?? 0
        let log = try manager.attributesOfItem(atPath: database + "-wal")[.size] as? Int ?? 0
        return (store, log)
    }

    @Test(
        "A new store's import checkpoints beside its writer: the log restarts once long, and the store's own setting comes back"
    )
    func checkpointsBesideTheWriter() throws {
        let folder = TemporaryFolder()
        let path = try FixtureExport.steps(days: 500, spacing: 900).write(in: folder)
        // 1 MB: whether SQLite reuses the log by itself depends on the checkpoint thread keeping
        // pace with the writer; the restart does not. `WALCheckpointerTests` checks the restart alone.
        let store = try HealthStore.open(path: folder.database, readOnly: false, logRestartPages: 64)
        // A second connection keeps the log from being checkpointed and removed when the writer's closes.
        let holder = try DatabaseQueue(path: folder.database, configuration: .patient)
        var options = ImportOptions()
        options.window = .all
        options.windowGiven = true
        options.rowsPerTransaction = 500
        let result = try Importer(destination: store).run(
            reader: try ExportReader(path: path), input: path, signature: ExportSignature.of(file: path),
            options: options)
        #expect(result.total.new == 48_000 + 1)  // + the export's own facts
        let autocheckpoint = try store.read { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }
        #expect(autocheckpoint == 1000)
        let (storeSize, logSize) = try Self.sizes(folder.database)
        // Without checkpoints during the run the store's file stays at its first page, and
        // without restarts the log holds every page written (more than the store's 10 MB).
        #expect(storeSize > 2_000_000)
        #expect(logSize < storeSize / 2)
        let integrity = try holder.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }
}
