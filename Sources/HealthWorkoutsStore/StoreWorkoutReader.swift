import GRDB
import HealthCore
import HealthExport
import HealthQuery
import HealthWorkouts

/// Reads the workouts of an SQLite store as the tracks ``WorkoutReader`` reads from an export:
/// each current workout with its events, statistics, activities and zone groups, its stored
/// route points, and the heart-rate and cadence samples of its own source around it.
///
/// One workout is in memory at a time, with its samples and points: memory follows the
/// longest workout, not the store's size.
public struct StoreWorkoutReader {
    /// What a read saw besides the workouts.
    public struct Summary: Sendable {
        /// The newest export's facts (date, date of birth), as the store kept them.
        public var facts = ExportFacts()
        /// Workouts selected.
        public var workouts = 0

        /// An empty summary.
        public init() {}
    }

    private let reader: StoreReader
    private let options: WorkoutReader.Options
    private let now: ExportTimestamp
    private let queries = StoreWorkoutQueries(.sqlite)

    /// A reader of the store `reader` opened; `options.window` counts back from the newest
    /// export's date, as it does from an export's.
    public init(reader: StoreReader, options: WorkoutReader.Options, now: ExportTimestamp = .now) {
        self.reader = reader
        self.options = options
        self.now = now
    }

    /// Reads the workouts in start order and calls `body` with each.
    public func read(_ body: (WorkoutTrack, WorkoutReader.Context) throws -> Void) throws -> Summary {
        try reader.store.read { db in
            func rows(_ query: StoreWorkoutQueries.Query) throws -> [StoreWorkoutAssembly.Row] {
                try Self.rows(db, query)
            }
            var summary = Summary()
            summary.facts = StoreWorkoutAssembly.facts(try rows(queries.facts).first)
            let start = options.window.start(exportDate: summary.facts.exportDate, now: now)
            let yearStart = (summary.facts.exportDate ?? now).secondsSince1970 - 365 * 86_400
            let highest =
                options.highestInYear ? try rows(queries.highestHeartRate(since: yearStart)).first?[0].double : nil
            let context = WorkoutReader.Context(facts: summary.facts, highestHeartRateInYear: highest)
            let workouts = try rows(queries.workouts(from: start?.secondsSince1970)).compactMap(
                StoreWorkoutAssembly.workout)
            for (uuid, workout) in workouts where options.activities.selects(workout.activityType) {
                let full = StoreWorkoutAssembly.complete(workout, details: try queries.details(of: uuid).map(rows))
                var segments: [[RoutePoint]] = []
                let routes = try rows(
                    queries.routes(activityType: full.activityType, start: full.header.startDate.secondsSince1970))
                if options.routes {
                    segments = StoreWorkoutAssembly.segments(
                        try routes.compactMap { $0[0].text }.map { try rows(queries.points(route: $0)) }, of: full)
                }
                let span = WorkoutSpan(full)
                let range = (span.start - SampleSeries.maximumAge)...span.end
                let track = WorkoutTrack(
                    workout: full, segments: segments,
                    heartRate: StoreWorkoutAssembly.series(
                        try rows(queries.samples(type: HeartRate.type, source: span.sourceName, range)),
                        type: HeartRate.type),
                    cadence: StoreWorkoutAssembly.series(
                        try rows(queries.samples(type: HeartRate.cadenceType, source: span.sourceName, range)),
                        type: HeartRate.cadenceType),
                    hasRouteNamed: !routes.isEmpty)
                summary.workouts += 1
                try body(track, context)
            }
            return summary
        }
    }

    /// The rows of `query`, as store values.
    static func rows(_ db: Database, _ query: StoreWorkoutQueries.Query) throws -> [StoreWorkoutAssembly.Row] {
        try StoreRows.fetch(db, query)
    }
}
