import Foundation
import GRDB
import HealthCore
import HealthExport
import HealthFixtures
import HealthQuery
import Testing

@testable import HealthSQLite

/// The readers of the report and the MCP server over a store that a later export corrected.
@Suite struct StoreReaderTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let weight = "HKQuantityTypeIdentifierBodyMass"

    /// Imports both ``QueryExport``s into a new store in `folder`.
    func importBoth(in folder: TemporaryFolder) throws {
        try QueryExport.importBoth(in: folder) { try HealthStore.open(path: folder.database) }
        // The corrections are in the store, for the readers to leave out.
        let marked = try DatabaseQueue(path: folder.database).read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM quantity_samples WHERE deleted_by IS NOT NULL)
                        + (SELECT count(*) FROM weight_samples WHERE replaced_by IS NOT NULL)
                    """)
        }
        #expect(marked == 2)
    }

    @Test("Types, sources and record pages leave out the rows a later export deleted or replaced")
    func currentRowsOnly() async throws {
        let folder = TemporaryFolder()
        try importBoth(in: folder)
        let reader = try StoreReader(path: folder.database)

        let types = Dictionary(uniqueKeysWithValues: try await reader.types().map { ($0.type, $0.rows) })
        #expect(types[Self.steps] == 3 && types[Self.weight] == 1)

        let stepSources = try await reader.sources(type: Self.steps).map { "\($0.source) \($0.rows)" }
        #expect(stepSources == ["Jo’s iPhone 2", "Jo’s Apple Watch 1"])
        let everySource = try await reader.sources().map { "\($0.source) \($0.rows)" }
        // The Watch: 1 steps, resting heart rate, 3 sleep stages, the run; the iPhone: 2 steps, in bed.
        #expect(everySource == ["Jo’s Apple Watch 6", "Jo’s iPhone 3", "Scale 1"])

        let page = try await reader.records(
            type: Self.steps, from: "2024-05-10", to: "2024-05-10", limit: 10, cursor: nil)
        #expect(page.records.compactMap(\.value).sorted() == [400, 500, 600])
        #expect(page.nextCursor == nil)
        let weighings = try await reader.records(
            type: Self.weight, from: "2024-05-01", to: "2024-05-31", limit: 10, cursor: nil)
        #expect(weighings.records.map(\.value) == [70.2])
    }

    @Test("Daily steps, weight, resting heart rate and sleep are the figures `stats` prints")
    func healthAppStatistics() async throws {
        let folder = TemporaryFolder()
        try importBoth(in: folder)
        try await expectStatistics(try StoreReader(path: folder.database).statistics)
    }

    @Test("Days still pending in a store opened read-only are computed from the samples, to the same figures")
    func pendingDays() async throws {
        let folder = TemporaryFolder()
        try importBoth(in: folder)
        try await DatabaseQueue(path: folder.database).write { db in try StoreStatistics.markAllPending(db) }
        let reader = try StoreReader(path: folder.database)
        #expect(try reader.store.read { db in try StoreStatistics.hasPending(db) })
        try await expectStatistics(reader.statistics)
    }

    func expectStatistics(_ statistics: any DailyStatistics) async throws {
        // The Watch's 600 over the iPhone's 500 at 08:00, the iPhone's 400 at 11:00; its deleted 300 left out.
        // (The largest source's day, 900, is not what the Health app shows.)
        #expect(
            try await statistics.daily(type: Self.steps, from: nil, to: nil)
                == [DayValue(day: "2024-05-10", value: 1000, unit: "count")])
        #expect(
            try await statistics.daily(type: Self.steps, from: "2024-05-11", to: nil) == [])
        #expect(
            try await statistics.daily(type: Self.weight, from: "2024-05-10", to: "2024-05-10")
                == [DayValue(day: "2024-05-10", value: 70.2, minimum: 70.2, maximum: 70.2, samples: 1, unit: "kg")])
        #expect(
            try await statistics.daily(type: "HKQuantityTypeIdentifierRestingHeartRate", from: nil, to: nil)
                == [DayValue(day: "2024-05-10", value: 52, minimum: 52, maximum: 52, samples: 1, unit: "count/min")])
        let nights = try await statistics.sleep(from: "2024-05-10", to: "2024-05-10")
        #expect(nights.map(\.night) == ["2024-05-10"])
        #expect(nights.first?.asleep == 300)
        // The iPhone in bed 22:30-06:00; the Watch's core 23:00-03:00, deep to 04:00, awake to 04:10.
        #expect(nights.first?.minutes == ["InBed": 450, "AsleepCore": 240, "AsleepDeep": 60, "Awake": 10])
        #expect(nights.first?.sources == ["Jo’s Apple Watch": 310, "Jo’s iPhone": 450])
    }

    @Test("The move ring is in kilocalories whatever unit the export wrote it in")
    func ringsInKilocalories() async throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/export.xml"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_AU">
         <ExportDate value="2025-03-12 10:00:00 +1100"/>
         <ActivitySummary dateComponents="2025-03-10" activeEnergyBurned="2092" activeEnergyBurnedGoal="2510.4" \
        activeEnergyBurnedUnit="kJ" appleExerciseTime="20" appleExerciseTimeGoal="30" appleStandHours="8" appleStandHoursGoal="12"/>
         <ActivitySummary dateComponents="2025-03-11" activeEnergyBurned="450" activeEnergyBurnedGoal="600" \
        activeEnergyBurnedUnit="kcal" appleExerciseTime="20" appleExerciseTimeGoal="30" appleStandHours="8" appleStandHoursGoal="12"/>
        </HealthData>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let store = try HealthStore.open(path: folder.database)
        let importer = Importer(destination: store)
        var options = ImportOptions()
        options.window = .all
        _ = try importer.run(
            reader: try ExportPackage.open(path).makeReader(), input: path, signature: nil, options: options)
        let rings = try await StoreReader(path: folder.database).rings(from: nil, days: 7)
        #expect(rings.map(\.day) == ["2025-03-10", "2025-03-11"])
        #expect(rings.map { ($0.move * 1000).rounded() / 1000 } == [500, 450])
        #expect(rings.map { ($0.moveGoal * 1000).rounded() / 1000 } == [600, 600])
    }
}
