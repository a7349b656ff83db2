import Foundation
import GRDB
import HealthCore
import HealthFixtures
import HealthStatistics
import Testing

@testable import HealthSQLite

/// Statistics an import computes beside its writer, from committed rows, against the same
/// statistics computed from scratch.
@Suite struct ConcurrentStatisticsTests {
    let tests = StoreStatisticsTests()

    /// Each type's records of a week: steps of the Watch and the iPhone overlapping, heart rates
    /// of two sources, one in another zone, weighings in pounds and a night of sleep a day.
    static var recordsByType: [[String]] {
        var steps = StatisticsExport.steps
        var heart = StatisticsExport()
        var weight = StatisticsExport()
        var sleep = StatisticsExport()
        for day in 1..<7 {
            let hour = 24 * day
            steps.watchSteps((hour + 8, 0), (hour + 8, 30), 1000 + day)
            steps.phoneSteps((hour + 8, 20), (hour + 8, 50), 700 + day)
            for (minute, source) in [(0, "Jo’s Apple Watch"), (7, "Polar"), (31, "Jo’s Apple Watch")] {
                heart.add(
                    "HKQuantityTypeIdentifierHeartRate", source: source, unit: "count/min",
                    from: (hour + 10, minute), to: (hour + 10, minute), value: String(60 + day + minute),
                    metadata: minute == 31 ? [("HKTimeZone", "Asia/Tokyo")] : [])
            }
            // Counted in the next day in Tokyo: the zone comes from the sample's metadata alone.
            heart.add(
                "HKQuantityTypeIdentifierHeartRate", source: "Jo’s Apple Watch", unit: "count/min",
                from: (hour + 20, 40), to: (hour + 20, 40), value: String(90 + day),
                metadata: [("HKTimeZone", "Asia/Tokyo")])
            weight.add(
                "HKQuantityTypeIdentifierBodyMass", source: "Withings", unit: "lb", from: (hour + 7, 0),
                to: (hour + 7, 0), value: String(150 + day))
            for (source, value, from, to) in [
                ("Jo’s iPhone", "InBed", (hour + 22, 0), (hour + 30, 30)),
                ("Jo’s Apple Watch", "AsleepCore", (hour + 23, 0), (hour + 27, 0)),
                ("Jo’s Apple Watch", "AsleepDeep", (hour + 27, 10), (hour + 30, 0)),
            ] {
                sleep.add(
                    "HKCategoryTypeIdentifierSleepAnalysis", source: source, unit: nil, from: from, to: to,
                    value: "HKCategoryValueSleepAnalysis" + value)
            }
        }
        return [steps.records, heart.records, weight.records, sleep.records]
    }

    /// The records type after type, as exports list them, or taken in turns from each type.
    static func export(interleaved: Bool) -> StatisticsExport {
        var export = StatisticsExport()
        let types = recordsByType
        if interleaved {
            for index in 0..<(types.map(\.count).max() ?? 0) {
                for records in types where index < records.count { export.records.append(records[index]) }
            }
        } else {
            export.records = types.flatMap { $0 }
        }
        return export
    }

    @Test(
        "An import committing every few rows computes the statistics from scratch's, with types in turns or in runs",
        arguments: [false, true], [1, 4, 50_000])
    func importedEqualScratch(interleaved: Bool, rowsPerTransaction: Int) throws {
        let folder = TemporaryFolder()
        let path = try Self.export(interleaved: interleaved).write(in: folder, name: "a.xml")
        try importFile(path, into: folder.database, window: .all, rowsPerTransaction: rowsPerTransaction)
        let imported = try tests.statistics(folder.database)
        #expect(imported.count > 30)
        #expect(try imported == tests.fromScratch(folder.database, in: folder))
        #expect(try rowCount(folder.database, "statistics_pending") == 0)
    }

    /// A store holding the export's samples, its statistics and sources gone and every day pending, and those days.
    func pendingStore(in folder: TemporaryFolder) throws -> TouchedDays {
        try importFile(
            try Self.export(interleaved: false).write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        return try DatabaseQueue(path: folder.database).write { db in
            try StoreStatistics.markAllPending(db)
            try db.execute(sql: "DELETE FROM sources")
            var touched = TouchedDays()
            for row in try Row.fetchAll(db, sql: "SELECT type, day FROM statistics_pending") {
                touched.note(type: row[0], day: Int32(row[1] as Int64))
            }
            return touched
        }
    }

    /// A store whose every day is pending (``pendingStore(in:)``), those days, a connection to it
    /// and statistics computed beside that connection, not yet handed any day.
    func workerOnPendingStore(in folder: TemporaryFolder) throws -> (
        touched: TouchedDays, queue: DatabaseQueue, statistics: ConcurrentStatistics
    ) {
        let touched = try pendingStore(in: folder)
        return (
            touched, try DatabaseQueue(path: folder.database),
            ConcurrentStatistics(path: folder.database, clocks: ClockMetadataLog())
        )
    }

    /// Writes what `statistics`' worker computes until it has finished `jobs` jobs.
    func waitForWorker(_ statistics: ConcurrentStatistics, jobs: Int, _ queue: DatabaseQueue) throws {
        let deadline = Date().addingTimeInterval(30)
        while statistics.jobsFinishedByWorker < jobs, Date() < deadline {
            try queue.write { db in try statistics.writeComputed(SQLiteStatisticsWriting(db: db)) }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(statistics.jobsFinishedByWorker == jobs)
    }

    @Test("The worker computes the types the writer has moved past; the writer's last transaction completes them")
    func workerThenFinish() throws {
        let folder = TemporaryFolder()
        let (touched, queue, statistics) = try workerOnPendingStore(in: folder)
        #expect(touched.days.count == 4)
        defer { statistics.cancel() }
        // The writer is still in the sleep records: the three other types go to the worker.
        statistics.committed(touched, current: "HKCategoryTypeIdentifierSleepAnalysis")
        try waitForWorker(statistics, jobs: 3, queue)
        let (nights, types) = try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sleep_nights"),
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT type) FROM statistics")
            )
        }
        #expect(nights == 0)
        #expect(types == 3)
        statistics.committed(TouchedDays(), current: nil)
        try queue.write { db in try statistics.finish(SQLiteStatisticsWriting(db: db)) }
        #expect(try tests.statistics(folder.database) == tests.fromScratch(folder.database, in: folder))
        #expect(try rowCount(folder.database, "statistics_pending") == 0)
        let sources = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT name, device_model FROM sources ORDER BY name").map {
                "\($0[0] as String) \($0[1] as String? ?? "-")"
            }
        }
        #expect(
            sources == [
                "Health -", "Jo’s Apple Watch Watch", "Jo’s iPhone iPhone", "Pedometer++ -", "Polar -", "Withings -",
            ])
    }

    @Test("A type written again after the worker computed it is recomputed at the end")
    func rewrittenType() throws {
        let folder = TemporaryFolder()
        let (touched, queue, statistics) = try workerOnPendingStore(in: folder)
        defer { statistics.cancel() }
        statistics.committed(touched, current: nil)
        try waitForWorker(statistics, jobs: 4, queue)
        // More steps on a day the worker has computed, committed as the writer would.
        var again = TouchedDays()
        try queue.write { db in
            // 2024-05-10 03:00-03:10 at -07:00, when no other source counted steps.
            let start: Int64 = 1_715_324_400 + 3 * 3600
            try db.execute(
                sql: """
                    INSERT INTO quantity_samples (uuid, type, source_name, start_date, start_unix, end_date, end_unix,
                        value, unit)
                    VALUES ('late-steps', 'HKQuantityTypeIdentifierStepCount', 'Pedometer++',
                        '2024-05-10T03:00:00-07:00', ?, '2024-05-10T03:10:00-07:00', ?, 5000, 'count')
                    """, arguments: [start, start + 600])
            again.note(type: "HKQuantityTypeIdentifierStepCount", start: start, end: start + 600)
            try StoreStatistics.notePending(db, again)
        }
        statistics.committed(again, current: nil)
        try queue.write { db in try statistics.finish(SQLiteStatisticsWriting(db: db)) }
        let steps = try tests.daily(folder.database)
        #expect(steps["2024-05-10"] == StoreStatisticsTests.firstDaySteps + 5000)
        #expect(try tests.statistics(folder.database) == tests.fromScratch(folder.database, in: folder))
    }

    @Test("Stopped before the end, the worker leaves every day pending for the next run")
    func cancelled() throws {
        let folder = TemporaryFolder()
        let (touched, queue, statistics) = try workerOnPendingStore(in: folder)
        statistics.committed(touched, current: nil)
        try waitForWorker(statistics, jobs: 4, queue)
        statistics.cancel()
        let pending = touched.days.values.reduce(0) { $0 + $1.count }
        #expect(try rowCount(folder.database, "statistics_pending") == pending)
        let store = try HealthStore.open(path: folder.database)
        try store.refreshPendingStatistics()
        #expect(try tests.statistics(folder.database) == tests.fromScratch(folder.database, in: folder))
    }
}
