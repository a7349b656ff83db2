import Foundation
import GRDB
import HealthExport
import HealthFixtures
import HealthStatistics
import Testing

@testable import HealthSQLite

/// An export written record by record for the statistics tests: Jo's Watch, iPhone and apps, at -07:00.
struct StatisticsExport {
    var records: [String] = []

    /// `2024-05-10 hh:mm:00 -0700`, minutes past 24 hours running into the next days.
    static func date(_ hour: Int, _ minute: Int = 0) -> String {
        let instant = 1_715_324_400 + Int64(hour) * 3600 + Int64(minute) * 60  // 2024-05-10 00:00 -07:00
        let iso = ExportTimestamp(secondsSince1970: instant, offsetMinutes: -420).iso8601
        return iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " -0700"
    }

    static let watchDevice =
        "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
    static let phoneDevice =
        "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:17.4&gt;"

    mutating func add(
        _ type: String = "HKQuantityTypeIdentifierStepCount", source: String, device: String? = nil,
        unit: String? = "count",
        from: (Int, Int), to: (Int, Int), value: String, metadata: [(String, String)] = [], created: (Int, Int)? = nil
    ) {
        let created = created ?? to
        var record = "<Record type=\"\(type)\" sourceName=\"\(source)\""
        if let unit { record += " unit=\"\(unit)\"" }
        if let device { record += " device=\"\(device)\"" }
        record +=
            " creationDate=\"\(Self.date(created.0, created.1))\" startDate=\"\(Self.date(from.0, from.1))\" endDate=\"\(Self.date(to.0, to.1))\" value=\"\(value)\""
        if metadata.isEmpty {
            records.append(record + "/>")
        } else {
            records.append(
                record + ">" + metadata.map { "<MetadataEntry key=\"\($0.0)\" value=\"\($0.1)\"/>" }.joined()
                    + "</Record>")
        }
    }

    mutating func watchSteps(_ from: (Int, Int), _ to: (Int, Int), _ value: Int) {
        add(source: "Jo’s Apple Watch", device: Self.watchDevice, from: from, to: to, value: String(value))
    }

    mutating func phoneSteps(_ from: (Int, Int), _ to: (Int, Int), _ value: Int, created: (Int, Int)? = nil) {
        add(source: "Jo’s iPhone", device: Self.phoneDevice, from: from, to: to, value: String(value), created: created)
    }

    func write(in folder: TemporaryFolder, name: String) throws -> String {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(Self.date(24 * 20))"/>
            \(records.map { " " + $0 }.joined(separator: "\n"))
            </HealthData>

            """
        let path = folder.path + "/" + name
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The first day's steps: Watch and iPhone overlapping fully, partly and not at all, an app, a hand entry.
    static var steps: StatisticsExport {
        var export = StatisticsExport()
        export.watchSteps((8, 0), (8, 10), 600)
        export.phoneSteps((8, 0), (8, 10), 500)  // fully under the Watch
        export.watchSteps((9, 0), (9, 10), 600)
        export.phoneSteps((9, 5), (9, 15), 300)  // 150 of it outside the Watch's
        export.phoneSteps((11, 0), (11, 10), 400)  // alone
        export.add(source: "Pedometer++", from: (12, 0), to: (13, 0), value: "600")
        export.phoneSteps((12, 30), (12, 40), 300)  // over the app's 10 a minute
        export.add(
            source: "Health", from: (14, 0), to: (14, 20), value: "1000", metadata: [("HKWasUserEntered", "1")])
        export.watchSteps((14, 0), (14, 10), 600)  // under the hand-entered sample
        export.watchSteps((23, 50), (24, 10), 1200)  // across midnight
        return export
    }
}

@Suite struct StoreStatisticsTests {
    /// Day 1 by hand, the Health app's rule: 08:00 Watch 600; 09:00 Watch 600 + iPhone 150; 11:00 iPhone 400;
    /// 12:00 app 300 + iPhone 300 + app 200 = 800; 14:00 hand-entered 1000; 23:50-00:00 Watch 600.
    /// 600 + 750 + 400 + 800 + 1000 + 600 = 4150; day 2 gets the other 600.
    static let firstDaySteps = 4150.0

    func daily(_ database: String) throws -> [String: Double] {
        try DatabaseQueue(path: database).read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT day, steps FROM daily_steps").map {
                    ($0[0], $0[1])
                })
        }
    }

    /// The statistics tables, as text.
    func statistics(_ database: String) throws -> [String] {
        try DatabaseQueue(path: database).read { db in
            let buckets = try Row.fetchAll(db, sql: "SELECT * FROM statistics ORDER BY type, period, wall_start").map {
                "\($0)"
            }
            let nights = try Row.fetchAll(db, sql: "SELECT * FROM sleep_nights ORDER BY wall_start").map { "\($0)" }
            return buckets + nights
        }
    }

    /// The statistics after recomputing everything from the samples, in a copy of the store.
    func fromScratch(_ database: String, in folder: TemporaryFolder) throws -> [String] {
        let copy = folder.path + "/scratch.sqlite"
        try? FileManager.default.removeItem(atPath: copy)
        try DatabaseQueue(path: database).writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
        }
        try DatabaseQueue(path: copy).write { db in
            try StoreStatistics.markAllPending(db)
            try StoreStatistics.refreshPending(db)
        }
        return try statistics(copy)
    }

    @Test("Import keeps daily steps merged by source priority, in the view")
    func importedSteps() throws {
        let folder = TemporaryFolder()
        try importFile(try StatisticsExport.steps.write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        let days = try daily(folder.database)
        #expect(days["2024-05-10"] == Self.firstDaySteps)
        #expect(days["2024-05-11"] == 600)
        #expect(try statistics(folder.database) == fromScratch(folder.database, in: folder))
    }

    @Test("A saved order changes the merge; the hand-entered sample stays first")
    func savedOrder() throws {
        let folder = TemporaryFolder()
        try importFile(try StatisticsExport.steps.write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        try DatabaseQueue(path: folder.database).write { db in
            try StoreSources.save(db, order: ["Jo’s iPhone", "Jo’s Apple Watch"])
        }
        // iPhone first: 08:00 iPhone 500; 09:00 Watch 300 (09:00-09:05) + iPhone 300; 11:00 400; 12:00 800;
        // 14:00 hand-entered 1000; 23:50 Watch 600. 500 + 600 + 400 + 800 + 1000 + 600 = 3900.
        #expect(try daily(folder.database)["2024-05-10"] == 3900)
        let listed = try DatabaseQueue(path: folder.database).read { db in try StoreSources.list(db) }
        #expect(listed.map(\.name) == ["Jo’s iPhone", "Jo’s Apple Watch", "Health", "Pedometer++"])
        #expect(listed.first?.savedPosition == 1)
    }

    @Test(
        "After a re-import, a later export, an update and a deletion the statistics equal those computed from scratch")
    func incremental() throws {
        let folder = TemporaryFolder()
        let first = try StatisticsExport.steps.write(in: folder, name: "a.xml")
        try importFile(first, into: folder.database, window: .all)
        let imported = try statistics(folder.database)
        // The same export again (forced): nothing new, the same statistics.
        try importFile(first, into: folder.database, window: .all, force: true)
        #expect(try statistics(folder.database) == imported)
        var later = StatisticsExport.steps
        // A late iPhone sample on day 1 outside every other (10:00-10:10, 250) and a new day 3.
        later.phoneSteps((10, 0), (10, 10), 250, created: (24 * 19, 0))  // synced late
        later.watchSteps((48 + 9, 0), (48 + 9, 30), 900)
        try importFile(try later.write(in: folder, name: "b.xml"), into: folder.database, window: .all)
        // Day 1: 4150 + 250 = 4400; day 3: 900.
        #expect(try daily(folder.database)["2024-05-10"] == Self.firstDaySteps + 250)
        #expect(try daily(folder.database)["2024-05-12"] == 900)
        #expect(try statistics(folder.database) == fromScratch(folder.database, in: folder))

        // An update and a deletion, as a later export's corrections would make them: the Watch's 08:00 sample
        // goes, the 11:00 iPhone sample becomes 440. Day 1: 08:00 now the iPhone's 500, 11:00 440:
        // 4400 - 600 + 500 - 400 + 440 = 4340.
        try DatabaseQueue(path: folder.database).write { db in
            let start = 1_715_324_400 + 8 * 3600
            try db.execute(
                sql: "DELETE FROM quantity_samples WHERE start_unix = ? AND source_name = 'Jo’s Apple Watch'",
                arguments: [start])
            try db.execute(
                sql: "UPDATE quantity_samples SET value = 440 WHERE start_unix = ?", arguments: [start + 3 * 3600])
            var touched = TouchedDays()
            touched.note(type: "HKQuantityTypeIdentifierStepCount", start: Int64(start), end: Int64(start + 600))
            touched.note(
                type: "HKQuantityTypeIdentifierStepCount", start: Int64(start + 3 * 3600),
                end: Int64(start + 3 * 3600 + 600))
            try StoreStatistics.refresh(db, touched: touched)
        }
        #expect(try daily(folder.database)["2024-05-10"] == 4340)
        #expect(try statistics(folder.database) == fromScratch(folder.database, in: folder))
    }

    @Test("HKTimeZone puts a sample in the day of its zone; without it the written offset decides")
    func timeZones() throws {
        let folder = TemporaryFolder()
        var export = StatisticsExport()
        // 2024-05-10 16:30 at -07:00 is 01:30 on May 11 in Paris: 100 steps on May 11 there.
        export.add(
            source: "Jo’s iPhone", from: (16, 30), to: (16, 40), value: "100",
            metadata: [("HKTimeZone", "Europe/Paris")])
        // Without HKTimeZone, 15:00 at -07:00 is May 10 there: 70 steps on May 10.
        export.add(source: "Jo’s Apple Watch", from: (15, 0), to: (15, 10), value: "70")
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        let rows = try DatabaseQueue(path: folder.database).read { db in
            try Row.fetchAll(db, sql: "SELECT day, steps, start_date FROM daily_steps").map {
                "\($0[0] as String) \($0[1] as Double) \($0[2] as String)"
            }
        }
        #expect(rows == ["2024-05-10 70.0 2024-05-10T00:00:00-07:00", "2024-05-11 100.0 2024-05-11T00:00:00+02:00"])
    }

    @Test("A night with phone in bed, Watch stages and an app's overlapping asleep")
    func sleepNight() throws {
        let folder = TemporaryFolder()
        var export = StatisticsExport()
        let type = "HKCategoryTypeIdentifierSleepAnalysis"
        func sleep(_ source: String, _ value: String, _ from: (Int, Int), _ to: (Int, Int)) {
            export.add(
                type, source: source, unit: nil, from: from, to: to, value: "HKCategoryValueSleepAnalysis" + value)
        }
        sleep("Jo’s iPhone", "InBed", (22, 0), (30, 30))
        sleep("Jo’s Apple Watch", "AsleepCore", (23, 0), (27, 0))
        sleep("Jo’s Apple Watch", "Awake", (27, 0), (27, 10))
        sleep("Jo’s Apple Watch", "AsleepDeep", (27, 10), (30, 0))
        sleep("AutoSleep", "AsleepUnspecified", (22, 30), (30, 15))
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        let night = try #require(
            try DatabaseQueue(path: folder.database).read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM sleep_by_night")
            })
        // In bed 22:00-06:30 = 510. Stages: AutoSleep 22:30-23:00 and 06:00-06:15 = 45 unspecified; Watch core
        // 23:00-03:00 = 240, awake 10 (over AutoSleep's asleep), deep 03:10-06:00 = 170. Asleep 45 + 240 + 170 = 455.
        #expect(night["night"] as String == "2024-05-10")
        #expect(night["in_bed_minutes"] as Double == 510)
        #expect(night["asleep_minutes"] as Double == 455)
        #expect(night["awake_minutes"] as Double == 10)
        #expect(night["core_minutes"] as Double == 240)
        #expect(night["deep_minutes"] as Double == 170)
        #expect(night["unspecified_minutes"] as Double == 45)
        #expect(night["start_date"] as String == "2024-05-10T22:30:00-07:00")
        #expect(night["end_date"] as String == "2024-05-11T06:15:00-07:00")
    }

    @Test("Discrete types average every source; weight is kept in kg")
    func discrete() throws {
        let folder = TemporaryFolder()
        var export = StatisticsExport()
        for (source, minute, bpm) in [("Jo’s Apple Watch", 0, "60"), ("Jo’s Apple Watch", 5, "70"), ("Polar", 2, "80")]
        {
            export.add(
                "HKQuantityTypeIdentifierHeartRate", source: source, unit: "count/min", from: (10, minute),
                to: (10, minute), value: bpm)
        }
        export.add(
            "HKQuantityTypeIdentifierBodyMass", source: "Withings", unit: "lb", from: (7, 0), to: (7, 0),
            value: "154.765")
        try importFile(try export.write(in: folder, name: "a.xml"), into: folder.database, window: .all)
        let rows = try DatabaseQueue(path: folder.database).read { db in
            try Row.fetchAll(
                db, sql: "SELECT type, average, minimum, maximum, count, unit FROM daily_statistics ORDER BY type")
        }
        // Heart rate: (60 + 70 + 80) / 3 = 70 over 3 samples; weight 154.765 lb = 70.2002 kg.
        #expect(rows.count == 2)
        #expect(abs((rows[0]["average"] as Double) - 70.200_223) < 1e-5)
        #expect(rows[0]["unit"] as String == "kg")
        #expect(rows[1]["average"] as Double == 70)
        #expect(rows[1]["count"] as Int == 3)
    }
}

@Suite struct StatisticsRangeTests {
    @Test("A month whose first day is in --since...--until is shown whole, stored or computed for another order")
    func monthsOfARange() throws {
        let folder = TemporaryFolder()
        let step = { (start: String, end: String, value: Int) in
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" \
            creationDate="\(end)" startDate="\(start)" endDate="\(end)" value="\(value)"/>
            """
        }
        // A sample across the first of April (its steps split by time), another late in April.
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2025-05-01 10:00:00 +0200"/>
            \(step("2025-03-31 23:30:00 +0200", "2025-04-01 00:30:00 +0200", 200))
            \(step("2025-04-20 10:00:00 +0200", "2025-04-20 10:10:00 +0200", 50))
            </HealthData>
            """
        let path = folder.path + "/export.xml"
        try export.write(toFile: path, atomically: true, encoding: .utf8)
        try importFile(path, into: folder.database, window: .all)
        let store = try HealthStore.open(path: folder.database)
        try store.refreshPendingStatistics()
        let day = { (text: String) in StatisticsQuery.day(text)! }
        for preferred in [nil, ["Jo’s iPhone"]] {
            let query = StatisticsQuery(
                type: "HKQuantityTypeIdentifierStepCount", period: .month, since: day("2025-04-01"),
                until: day("2025-04-01"), preferred: preferred)
            let rows = try store.read { try query.rows($0) }
            #expect(rows.count == 1, "\(preferred ?? [])")
            #expect(rows.first?.contains(.number(150)) == true, "\(preferred ?? []): \(rows)")
        }
    }
}
