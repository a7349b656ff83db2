import Dispatch
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
    var workouts: [WorkoutDay] = []
    /// The rings of the most recent days.
    var rings: [RingDay] = []
    /// What the store holds, per type, and the latest imports.
    var status: StoreStatus
    /// The first day shown (`--since`), if any.
    var since: String?

    /// Days of rings the report shows.
    static let ringDays = 28

    /// Reads the report's data from `reader`, from `since` (a `yyyy-MM-dd` day) on when given.
    static func read(_ reader: any StoreReading, since: String?) throws -> ReportData {
        // The table of what the store holds counts every row, the longest single query on a
        // large store: it runs on a second connection and core while the charts are read.
        nonisolated(unsafe) var status: Result<StoreStatus, any Error>?
        let counted = DispatchGroup()
        if let statusReader = try reader.parallelReader() {
            DispatchQueue.global().async(group: counted) {
                status = Result { try statusReader.status() }
            }
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
        data.workouts = try reader.workoutDays(from: since)
        data.rings = try reader.rings(from: since, days: ringDays)
        counted.wait()
        data.status = try (status ?? Result { try reader.status() }).get()
        return data
    }
}
