import HealthCore

/// The read-only questions the report and the MCP server ask a store, answered alike by an
/// SQLite store (``StoreReader``) and by one person's rows in a PostgreSQL store.
///
/// Every answer keeps to current rows (neither deleted by a later export nor replaced by a newer
/// version), and nothing a client sends is ever executed as SQL. The questions are `async`: a
/// PostgreSQL store's answers come over the network, and the MCP server asks from its tasks.
public protocol StoreReading: Sendable {
    /// Where the store is, for a page's header: a path, or the person and the database.
    var location: String { get }
    /// Per type rows, dates and anchors, and the latest imports.
    func status() async throws -> StoreStatus
    /// Per source (app or device), its rows and types, most rows first; of `type` only when given.
    func sources(type: String?) async throws -> [SourceSummary]
    /// Records of `type` whose local start day is in `from...to`, in time order, `limit` at a
    /// time (at most ``maximumPageSize``), after `cursor` (from an earlier page).
    func records(type: String, from: String, to: String, limit: Int, cursor: String?) async throws -> RecordPage
    /// The schema: every table's and view's `CREATE` statement.
    func schemaSQL() async throws -> String
    /// The daily statistics, as `healthimport stats` prints them.
    var statistics: any DailyStatistics { get }
    /// Workouts per local day and activity, from the local day `from` on when given.
    func workoutDays(from: String?) async throws -> [WorkoutDay]
    /// The activity rings of the latest `days` days (from the local day `from` on), oldest first.
    func rings(from: String?, days: Int) async throws -> [RingDay]
    /// A reader of the same store on a connection of its own, for a question asked beside the
    /// others; `nil` when the store reads on one connection only.
    func parallelReader() async throws -> (any StoreReading)?
}

extension StoreReading {
    /// The record types the store holds, with their rows and ranges.
    public func types() async throws -> [TypeStatus] {
        try await status().types.filter { $0.rows > 0 }
    }
}

/// The workouts of one activity on one local day.
public struct WorkoutDay: Sendable, Equatable {
    /// The local day, `yyyy-MM-dd`.
    public var day: String
    /// The activity without its HealthKit prefix (`Running`).
    public var activity: String
    public var count: Int

    public init(day: String, activity: String, count: Int) {
        self.day = day
        self.activity = activity
        self.count = count
    }
}

/// One day's activity rings: value and goal of move (kcal), exercise (min) and stand (h).
public struct RingDay: Sendable, Equatable {
    public var day: String
    public var move: Double
    public var moveGoal: Double
    public var exercise: Double
    public var exerciseGoal: Double
    public var stand: Double
    public var standGoal: Double

    public init(
        day: String, move: Double, moveGoal: Double, exercise: Double, exerciseGoal: Double, stand: Double,
        standGoal: Double
    ) {
        self.day = day
        self.move = move
        self.moveGoal = moveGoal
        self.exercise = exercise
        self.exerciseGoal = exerciseGoal
        self.stand = stand
        self.standGoal = standGoal
    }
}
