import Dispatch
import GRDB
import HealthCore
import HealthQuery

/// Everything the report shows, read from the store in one go.
struct ReportData {
    /// Daily average weight (kg).
    var weight: [DayValue] = []
    /// Daily steps, merged over sources by priority.
    var steps: [DayValue] = []
    /// Daily average resting heart rate (count/min).
    var restingHeartRate: [DayValue] = []
    /// Daily average heart-rate variability (SDNN, ms).
    var heartRateVariability: [DayValue] = []
    /// Minutes per sleep stage per night.
    var sleep: [SleepNight] = []
    /// Workouts per local day and activity (short name).
    var workouts: [(day: String, activity: String, count: Int)] = []
    /// The rings of the most recent days.
    var rings: [RingDay] = []
    /// What the store holds, per type, and the latest imports.
    var status: StoreStatus
    /// The first day shown (`--since`), if any.
    var since: String?

    /// One day's activity rings: value and goal of move (kcal), exercise (min) and stand (h).
    struct RingDay {
        var day: String
        var move: Double
        var moveGoal: Double
        var exercise: Double
        var exerciseGoal: Double
        var stand: Double
        var standGoal: Double
    }

    /// Days of rings the report shows.
    static let ringDays = 28

    /// Reads the report's data from `reader`, from `since` on (a `yyyy-MM-dd` day) when given.
    static func read(_ reader: StoreReader, since: String?) throws -> ReportData {
        // The table of what the store holds counts every row, the longest single query on a
        // large store: it runs on a second connection and core while the charts are read.
        let statusReader = try StoreReader(path: reader.store.path)
        nonisolated(unsafe) var status: Result<StoreStatus, any Error>?
        let counted = DispatchGroup()
        DispatchQueue.global().async(group: counted) {
            status = Result { try statusReader.status() }
        }
        defer { counted.wait() }
        let statistics = reader.statistics
        var data = ReportData(status: StoreStatus(types: [], imports: []), since: since)
        data.weight = try statistics.daily(type: "HKQuantityTypeIdentifierBodyMass", from: since, to: nil)
        data.steps = try statistics.daily(type: "HKQuantityTypeIdentifierStepCount", from: since, to: nil)
        data.restingHeartRate = try statistics.daily(
            type: "HKQuantityTypeIdentifierRestingHeartRate", from: since, to: nil)
        data.heartRateVariability = try statistics.daily(
            type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", from: since, to: nil)
        data.sleep = try statistics.sleep(from: since, to: nil)
        try reader.store.read { db in
            let (range, arguments) = DayRange.sql(from: since, to: nil)
            data.workouts = try Row.fetchAll(
                db,
                sql: """
                    SELECT substr(start_date, 1, 10) AS day, replace(activity_type, 'HKWorkoutActivityType', ''), count(*)
                    FROM workouts WHERE 1 \(range) GROUP BY 1, 2 ORDER BY 1
                    """, arguments: arguments
            ).map { ($0[0], $0[1], $0[2]) }
            var ringArguments: StatementArguments = []
            var ringRange = "WHERE \(StoreReader.current)"
            if let since {
                ringRange += " AND day >= ?"
                ringArguments = [since]
            }
            data.rings = try Row.fetchAll(
                db,
                sql: """
                    SELECT day, coalesce(active_energy_burned, 0), coalesce(active_energy_burned_goal, 0),
                        coalesce(exercise_time, 0), coalesce(exercise_time_goal, 30),
                        coalesce(stand_hours, 0), coalesce(stand_hours_goal, 12)
                    FROM activity_summaries \(ringRange) ORDER BY day DESC LIMIT \(ringDays)
                    """, arguments: ringArguments
            ).map {
                RingDay(
                    day: $0[0], move: $0[1], moveGoal: $0[2], exercise: $0[3], exerciseGoal: $0[4], stand: $0[5],
                    standGoal: $0[6])
            }.reversed()
        }
        counted.wait()
        data.status = try status!.get()
        return data
    }
}
