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
    static func read(_ reader: any StoreReading, since: String?) async throws -> ReportData {
        // The table of what the store holds counts every row, the longest single query on a
        // large store: it runs on a second connection, in a task of its own, while the charts are read.
        let statusReader = try await reader.parallelReader()
        async let counted = statusReader?.status()
        let statistics = reader.statistics
        var data = ReportData(status: StoreStatus(types: [], imports: []), since: since)
        data.weight = try await statistics.daily(type: "HKQuantityTypeIdentifierBodyMass", from: since, to: nil)
        data.steps = try await statistics.daily(type: "HKQuantityTypeIdentifierStepCount", from: since, to: nil)
        data.restingHeartRate = try await statistics.daily(
            type: "HKQuantityTypeIdentifierRestingHeartRate", from: since, to: nil)
        data.heartRateVariability = try await statistics.daily(
            type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", from: since, to: nil)
        data.sleep = try await statistics.sleep(from: since, to: nil)
        data.workouts = try await reader.workoutDays(from: since)
        data.rings = try await reader.rings(from: since, days: ringDays)
        if let status = try await counted {
            data.status = status
        } else {
            data.status = try await reader.status()
        }
        return data
    }
}
