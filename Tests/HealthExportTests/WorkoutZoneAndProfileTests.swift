import HealthExport
import HealthFixtures
import Testing

/// iOS 26 workout zones, and iOS 8's `Me` profile codes.
@Suite struct WorkoutZoneAndProfileTests {
    static let workout = """
         <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="29.77" durationUnit="min" sourceName="Watch" creationDate="2024-05-30 16:35:50 +0200" startDate="2024-05-30 16:05:56 +0200" endDate="2024-05-30 16:35:43 +0200">
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-05-30 16:05:56 +0200" endDate="2024-05-30 16:35:43 +0200" average="100.696" minimum="73" maximum="135" unit="count/min"/>
          <WorkoutZoneGroup type="HKQuantityTypeIdentifierHeartRate" source="system" unit="count/min">
           <WorkoutZone maximum="132" duration="22.0863" durationUnit="min"/>
           <WorkoutZone minimum="132" maximum="146" duration="0.0833333" durationUnit="min"/>
           <WorkoutZone minimum="146" duration="0" durationUnit="min"/>
          </WorkoutZoneGroup>
         </Workout>
        """

    @Test("WorkoutZoneGroup and its WorkoutZones are read into the workout, not skipped as unknown")
    func zones() throws {
        let (records, report) = try readAll(export(Self.workout))
        let workout = try #require(records.last?.workout)
        #expect(report.unknownElements.isEmpty, "\(report.unknownElements)")
        #expect(workout.statistics.count == 1)
        let group = try #require(workout.zoneGroups.first)
        #expect(group.type == "HKQuantityTypeIdentifierHeartRate")
        #expect(group.source == "system")
        #expect(group.unit == "count/min")
        #expect(
            group.zones == [
                WorkoutZone(minimum: nil, maximum: 132, duration: Measurement(value: 22.0863, unit: "min")),
                WorkoutZone(minimum: 132, maximum: 146, duration: Measurement(value: 0.0833333, unit: "min")),
                WorkoutZone(minimum: 146, maximum: nil, duration: Measurement(value: 0, unit: "min")),
            ])
    }

    @Test("iOS 8 profile codes become the names and the ISO date later exports write")
    func profileCodes() throws {
        let old = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2015-03-01 10:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="19950215" HKCharacteristicTypeIdentifierBiologicalSex="2" HKCharacteristicTypeIdentifierBloodType="7" HKCharacteristicTypeIdentifierFitzpatrickSkinType="0"/>
            </HealthData>
            """
        let facts = try #require(try readAll(old).records.first?.facts)
        #expect(
            facts.profile == [
                MetadataEntry(key: "DateOfBirth", value: "1995-02-15"),
                MetadataEntry(key: "BiologicalSex", value: "HKBiologicalSexMale"),
                MetadataEntry(key: "BloodType", value: "HKBloodTypeOPositive"),
                MetadataEntry(key: "FitzpatrickSkinType", value: "HKFitzpatrickSkinTypeNotSet"),
            ])
        let empty = old.replacingOccurrences(of: "19950215", with: "")
        #expect(try readAll(empty).records.first?.facts?.profile.first == MetadataEntry(key: "DateOfBirth", value: ""))
    }
}
