import HealthExport
import HealthWorkouts
import Testing

@Suite struct NamingTests {
    @Test("Files are named by the local start time as written, and the activity in lower case")
    func fileNames() throws {
        let start = ExportTimestamp(secondsSince1970: 1_715_080_680, offsetMinutes: 120)
        let header = SampleHeader(
            type: "HKWorkoutActivityTypeRunning", sourceName: "Watch", startDate: start,
            endDate: start.adding(seconds: 60))
        let workout = Workout(activityType: "HKWorkoutActivityTypeRunning", header: header)
        #expect(WorkoutFileName.stem(workout) == "2024-05-07_1318_running")
        #expect(WorkoutFileName.title(workout) == "Running 2024-05-07 13:18")
        #expect(
            ActivityName.fileName("HKWorkoutActivityTypeTraditionalStrengthTraining") == "traditionalstrengthtraining")
    }

    @Test("--activity takes short names in any case, with or without hyphens, and full identifiers")
    func selection() {
        let selection = ActivitySelection(names: ["running", "Swim-Bike-Run", "HKWorkoutActivityTypeCycling"])
        #expect(selection.selects("HKWorkoutActivityTypeRunning"))
        #expect(selection.selects("HKWorkoutActivityTypeSwimBikeRun"))
        #expect(selection.selects("HKWorkoutActivityTypeCycling"))
        #expect(!selection.selects("HKWorkoutActivityTypeYoga"))
        #expect(ActivitySelection.everything.selects("HKWorkoutActivityTypeYoga"))
    }

    @Test("TCX sports are Running, Biking or Other")
    func sports() {
        #expect(ActivityName.tcxSport("HKWorkoutActivityTypeRunning") == "Running")
        #expect(ActivityName.tcxSport("HKWorkoutActivityTypeCycling") == "Biking")
        #expect(ActivityName.tcxSport("HKWorkoutActivityTypeHiking") == "Other")
    }

    @Test("The age-based maximum is 220 minus the age on the workout's day")
    func maximumFromAge() {
        let birth = CalendarDay(year: 1990, month: 3, day: 1)
        #expect(
            MaximumHeartRate.fromAge(birth: birth, on: CalendarDay(year: 2024, month: 5, day: 7))?.beatsPerMinute == 186
        )
        #expect(
            MaximumHeartRate.fromAge(birth: birth, on: CalendarDay(year: 2024, month: 2, day: 29))?.beatsPerMinute
                == 187)
        let facts = ExportFacts(profile: [MetadataEntry(key: "DateOfBirth", value: "1990-03-01")])
        #expect(MaximumHeartRate.dateOfBirth(facts) == birth)
    }
}
