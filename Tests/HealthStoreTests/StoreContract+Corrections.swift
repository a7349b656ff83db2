import HealthCore
import Testing

/// Corrections by later exports, the same on every store.
extension StoreContract {
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"

    /// The sleep sample of ``export(days:exportDate:extra:)`` leaves a later export: it is marked
    /// deleted, not counted in the status, and current again when an export holds it again.
    func deletedThenRestored() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let full = Self.export(days: 10)
        try importXML(full, into: store)
        #expect(try Self.rows(store)[Self.sleep] == 1)

        let withoutSleep = full.split(separator: "\n").filter { !$0.contains(Self.sleep) }.joined(separator: "\n")
        let second = try importXML(withoutSleep, into: reopen())
        #expect(second.report!.counts[Self.sleep]?.deleted == 1)
        #expect(second.report!.total.new == 0)
        let afterDeletion = try store.status().types.first { $0.type == Self.sleep }
        #expect(afterDeletion?.rows == 0)
        #expect(afterDeletion?.marked == 1)
        #expect(try store.status().imports.first?.outcome == .completed)

        let third = try importXML(full, into: reopen())
        #expect(third.report!.counts[Self.sleep]?.updated == 1)
        #expect(third.report!.counts[Self.sleep]?.new == 0)
        let restored = try store.status().types.first { $0.type == Self.sleep }
        #expect(restored?.rows == 1)
        #expect(restored?.marked == 0)
        #expect(try Self.rows(store)["HKQuantityTypeIdentifierStepCount"] == 40)
    }

    /// The export day's activity summary is partial: a later export's values replace it in place.
    func activitySummaryUpdated() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        func summary(_ energy: Int) -> String {
            "<ActivitySummary dateComponents=\"2024-05-31\" activeEnergyBurned=\"\(energy)\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\"/>"
        }
        let first = try importXML(Self.export(days: 10, extra: summary(120)), into: store)
        #expect(first.report!.counts["HKActivitySummary"]?.new == 1)
        let second = try importXML(Self.export(days: 10, extra: summary(480)), into: reopen())
        #expect(second.report!.counts["HKActivitySummary"]?.updated == 1)
        #expect(second.report!.counts["HKActivitySummary"]?.new == 0)
        #expect(try Self.rows(store)["HKActivitySummary"] == 1)
        let same = try importXML(Self.export(days: 10, extra: summary(480)), into: reopen())
        #expect(same.report!.counts["HKActivitySummary"]?.alreadyImported == 1)
    }

    /// An export listing one day's summary twice with two contents (a damaged file, found by
    /// `FuzzStore`) keeps the first: importing it again changes nothing, and an export holding
    /// only the second content updates the row.
    func repeatedSummaryKeepsFirst() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        func summary(_ energy: Int) -> String {
            "<ActivitySummary dateComponents=\"2024-05-31\" activeEnergyBurned=\"\(energy)\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\"/>"
        }
        let twice = Self.export(days: 10, extra: summary(120) + "\n" + summary(480))
        let first = try importXML(twice, into: store)
        #expect(first.report!.counts["HKActivitySummary"]?.new == 1)
        #expect(first.report!.counts["HKActivitySummary"]?.repeated == 1)
        for _ in 0..<2 {
            let again = try importXML(twice, into: reopen())
            #expect(again.report!.total.updated == 0)
            #expect(again.report!.counts["HKActivitySummary"]?.alreadyImported == 1)
            #expect(again.report!.counts["HKActivitySummary"]?.repeated == 1)
        }
        let second = try importXML(Self.export(days: 10, extra: summary(480)), into: reopen())
        #expect(second.report!.counts["HKActivitySummary"]?.updated == 1)
        #expect(try Self.rows(store)["HKActivitySummary"] == 1)
    }

    /// A body mass sample in a unit that is no mass is kept as a quantity, beside the weights
    /// (found by `FuzzStore`): the status counts it with them, so rows equal the records new.
    func bodyMassInTwoTables() throws {
        let (store, _, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let odd =
            " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"count\" creationDate=\"2024-05-30 08:00:00 +0200\" startDate=\"2024-05-30 08:00:00 +0200\" endDate=\"2024-05-30 08:00:00 +0200\" value=\"382\"/>"
        let first = try importXML(Self.export(days: 10, extra: odd), into: store)
        let new = first.report!.counts["HKQuantityTypeIdentifierBodyMass"]?.new
        #expect(new == 2)
        let status = try store.status().types.first { $0.type == "HKQuantityTypeIdentifierBodyMass" }
        #expect(status?.rows == new)
    }

    /// The `Me` profile is one record: the same profile again is already imported, a changed one
    /// (here in a newer export) updates the one row.
    func profileUpdated() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        // The profile is read where exports write it: after the export date, before the records.
        func export(exportDate: Int64 = 1_717_228_800, bloodType: String) -> String {
            let me =
                " <Me HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"\(bloodType)\"/>"
            let lines = Self.export(days: 10, exportDate: exportDate)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let at = lines.firstIndex { $0.contains("<ExportDate") }! + 1
            return (lines[..<at] + [Substring(me)] + lines[at...]).joined(separator: "\n")
        }
        let first = try importXML(export(bloodType: "HKBloodTypeNotSet"), into: store)
        #expect(first.report!.counts["HealthExport"]?.new == 1)
        let same = try importXML(export(bloodType: "HKBloodTypeNotSet"), into: reopen())
        #expect(same.report!.counts["HealthExport"]?.alreadyImported == 1)
        #expect(same.report!.counts["HealthExport"]?.new == 0)
        let newer = export(exportDate: 1_717_228_800 + 86_400, bloodType: "HKBloodTypeONegative")
        let changed = try importXML(newer, into: reopen())
        #expect(changed.report!.counts["HealthExport"]?.updated == 1)
        #expect(changed.report!.counts["HealthExport"]?.new == 0)
        #expect(try Self.rows(store)["HealthExport"] == 1)
    }
}

extension StoreContract {
    static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    /// An export of `elements`, taken on June `day` 2024 at 10:00 +02:00.
    static func smallExport(day: Int, _ elements: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-0\(day) 10:00:00 +0200"/>
        \(elements.joined(separator: "\n"))
        </HealthData>
        """
    }

    /// A weighing with a sync identifier and version, created on June `createdDay`.
    static func syncedWeight(kilograms: String, version: Int, createdDay: Int) -> String {
        """
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="kg" \
        creationDate="2024-06-0\(createdDay) 08:00:10 +0200" startDate="2024-05-30 08:00:00 +0200" \
        endDate="2024-05-30 08:00:00 +0200" value="\(kilograms)">\
        <MetadataEntry key="HKMetadataKeySyncIdentifier" value="weighing-17"/>\
        <MetadataEntry key="HKMetadataKeySyncVersion" value="\(version)"/></Record>
        """
    }

    /// A higher sync version replaces the stored record (counted updated); the lower one,
    /// arriving after it, changes nothing.
    func syncVersionReplaces() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let version1 = Self.syncedWeight(kilograms: "70.4", version: 1, createdDay: 1)
        let version2 = Self.syncedWeight(kilograms: "70.1", version: 2, createdDay: 2)

        let first = try importXML(Self.smallExport(day: 1, [version1]), into: store)
        #expect(first.report!.counts[Self.bodyMass]?.new == 1)

        let second = try importXML(Self.smallExport(day: 3, [version2]), into: reopen())
        #expect(second.report!.counts[Self.bodyMass]?.updated == 1)
        #expect(second.report!.counts[Self.bodyMass]?.new == 0)
        // The replaced version is not in the later export, and is not a deletion either.
        #expect(second.report!.counts[Self.bodyMass]?.deleted == 0)
        let afterReplace = try store.status().types.first { $0.type == Self.bodyMass }
        #expect(afterReplace?.rows == 1)

        // Both versions, the older after the newer, through the whole store: nothing changes.
        let third = try importXML(
            Self.smallExport(day: 5, [version2, version1]), into: reopen(), window: .all, windowGiven: true)
        #expect(third.report!.counts[Self.bodyMass]?.alreadyImported == 2)
        #expect(third.report!.counts[Self.bodyMass]?.new == 0)
        #expect(third.report!.counts[Self.bodyMass]?.updated == 0)
        #expect(try store.status().types.first { $0.type == Self.bodyMass }?.rows == 1)
    }
}

extension StoreContract {
    static let running = "HKWorkoutActivityTypeRunning"

    /// A morning run saved by an app under one sync identifier at `version`, with `pauses` pauses.
    static func syncedRun(version: Int, kilocalories: Int, pauses: Int) -> String {
        let events = (0..<pauses).map { minute in
            "<WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2024-05-30 07:1\(minute):00 +0200\"/>"
        }
        return """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" \
            sourceName="Runner" creationDate="2024-05-30 07:31:00 +0200" startDate="2024-05-30 07:00:00 +0200" \
            endDate="2024-05-30 07:30:00 +0200">\
            <MetadataEntry key="HKMetadataKeySyncIdentifier" value="run-3"/>\
            <MetadataEntry key="HKMetadataKeySyncVersion" value="\(version)"/>\
            \(events.joined())\
            <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 07:00:00 +0200" \
            endDate="2024-05-30 07:30:00 +0200" sum="\(kilocalories)" unit="kcal"/></Workout>
            """
    }

    /// A morning run whose active energy is `kilocalories`, with a pause and a heart-rate zone group.
    static func run(kilocalories: Int) -> String {
        """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" \
        sourceName="Watch" creationDate="2024-05-30 07:31:00 +0200" startDate="2024-05-30 07:00:00 +0200" \
        endDate="2024-05-30 07:30:00 +0200">\
        <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-05-30 07:10:00 +0200"/>\
        <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 07:00:00 +0200" \
        endDate="2024-05-30 07:30:00 +0200" sum="\(kilocalories)" unit="kcal"/></Workout>
        """
    }

    /// A later export's workout with other totals under the same ID is written again (counted
    /// updated, still one row); the same content once more changes nothing.
    func workoutUpdated() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let first = try importXML(Self.smallExport(day: 1, [Self.run(kilocalories: 300)]), into: store)
        #expect(first.report!.counts[Self.running]?.new == 1)

        let changed = Self.smallExport(day: 3, [Self.run(kilocalories: 320)])
        let second = try importXML(changed, into: reopen(), window: .all, windowGiven: true)
        #expect(second.report!.counts[Self.running]?.updated == 1)
        #expect(second.report!.counts[Self.running]?.new == 0)
        #expect(try store.status().types.first { $0.type == Self.running }?.rows == 1)

        let third = try importXML(
            Self.smallExport(day: 5, [Self.run(kilocalories: 320)]), into: reopen(), window: .all, windowGiven: true)
        #expect(third.report!.counts[Self.running]?.updated == 0)
        #expect(third.report!.counts[Self.running]?.alreadyImported == 1)
    }
}
