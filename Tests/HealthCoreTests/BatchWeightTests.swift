import HealthExport
import HealthFixtures
import Testing

@testable import HealthCore

@Suite struct BatchWeightTests {
    /// A cycling workout as a Watch writes it: metadata, pause and resume, three statistics.
    static let workout = """
         <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="41.5" durationUnit="min" sourceName="Watch" creationDate="2024-05-30 08:45:00 +0200" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:45:00 +0200">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
          <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-05-30 08:20:00 +0200"/>
          <WorkoutEvent type="HKWorkoutEventTypeResume" date="2024-05-30 08:23:30 +0200"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:45:00 +0200" sum="412.5" unit="kcal"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:45:00 +0200" average="141" minimum="96" maximum="171" unit="count/min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:45:00 +0200" sum="18.2" unit="km"/>
         </Workout>
        """

    static func parsedWorkout() throws -> HealthRecord {
        let records = try stream(minimalExport(workout)).records.map(\.record)
        return try #require(records.first { $0.kind == .workout })
    }

    @Test("A workout weighs its metadata, events and statistics by their memory, not as one value each")
    func workoutWeight() throws {
        // 1 + 3 per metadata entry and event + 4 per statistic.
        #expect(try Self.parsedWorkout().batchWeight == 1 + 3 * 2 + 3 * 2 + 4 * 3)
    }

    @Test("A batch of such workouts ends by weight, long before it holds its count of records")
    func workoutBatchEndsByWeight() throws {
        let workout = try Self.parsedWorkout()
        var batch = ReadingBatch(identifying: false)
        var appended = 1
        while !batch.append(workout) { appended += 1 }
        // 4,096 / 25: a batch of 164 workouts, where weighing each part as one value let all 512 in.
        #expect(appended == (ReadingBatch.weightLimit + workout.batchWeight - 1) / workout.batchWeight)
        #expect(appended < RecordStream.batchSize / 2)
    }

    @Test("A plain sample weighs one, and a heart-rate variability sample one more per beat")
    func sampleWeight() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:01:00 +0200" value="48">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="61" time="7:00:01.20 AM"/>
               <InstantaneousBeatsPerMinute bpm="63" time="7:00:02.15 AM"/>
               <InstantaneousBeatsPerMinute bpm="62" time="7:00:03.11 AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
            """
        let records = try stream(minimalExport(body)).records.map(\.record).filter { $0.kind == .quantity }
        #expect(records.map(\.batchWeight) == [1, 4])
    }
}
