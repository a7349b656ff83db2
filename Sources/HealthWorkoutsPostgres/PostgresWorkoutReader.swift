#if PostgreSQL
import HealthCore
import HealthExport
import HealthPostgres
import HealthQueryPostgres
import HealthWorkouts
import HealthWorkoutsStore

/// Reads a person's workouts of a PostgreSQL store as ``StoreWorkoutReader`` reads an SQLite
/// store's, by the same queries (``StoreWorkoutQueries``): first the list of selected workouts,
/// then each one's track, so that a caller holds one workout at a time.
public struct PostgresWorkoutReader: Sendable {
    /// The workouts selected, in start order, with what each is handed over with.
    public struct Plan: Sendable {
        /// The person's newest export's facts and the highest heart rate of its year, when asked for.
        public var context: WorkoutReader.Context
        /// The workouts, without their children: ``track(of:)`` reads the rest.
        public var workouts: [(uuid: String, workout: Workout)]
    }

    private let store: PostgresStore
    private let options: WorkoutReader.Options
    private let now: ExportTimestamp
    private let queries = StoreWorkoutQueries(.postgres)

    /// A reader of `store`'s person; `options.window` counts back from their newest export's date.
    public init(store: PostgresStore, options: WorkoutReader.Options, now: ExportTimestamp = .now) {
        self.store = store
        self.options = options
        self.now = now
    }

    /// The selected workouts and their context.
    public func plan() async throws -> Plan {
        let facts = StoreWorkoutAssembly.facts(try await rows(queries.facts).first)
        let start = options.window.start(exportDate: facts.exportDate, now: now)
        let yearStart = (facts.exportDate ?? now).secondsSince1970 - 365 * 86_400
        let highest =
            options.highestInYear ? try await rows(queries.highestHeartRate(since: yearStart)).first?[0].double : nil
        let workouts = try await rows(queries.workouts(from: start?.secondsSince1970)).compactMap(
            StoreWorkoutAssembly.workout
        ).filter { options.activities.selects($0.workout.activityType) }
        return Plan(
            context: WorkoutReader.Context(facts: facts, highestHeartRateInYear: highest), workouts: workouts)
    }

    /// One planned workout with its children, route points and samples.
    public func track(of planned: (uuid: String, workout: Workout)) async throws -> WorkoutTrack {
        var details: [[StoreWorkoutAssembly.Row]] = []
        for query in queries.details(of: planned.uuid) { details.append(try await rows(query)) }
        let workout = StoreWorkoutAssembly.complete(planned.workout, details: details)
        var routes: [[StoreWorkoutAssembly.Row]] = []
        let start = workout.header.startDate.secondsSince1970
        let stored = try await rows(queries.routes(activityType: workout.activityType, start: start))
        if options.routes {
            for route in stored {
                guard let uuid = route[0].text else { continue }
                routes.append(try await rows(queries.points(route: uuid)))
            }
        }
        let span = WorkoutSpan(workout)
        let range = (span.start - SampleSeries.maximumAge)...span.end
        let heartRate = try await rows(queries.samples(type: HeartRate.type, source: span.sourceName, range))
        let cadence = try await rows(queries.samples(type: HeartRate.cadenceType, source: span.sourceName, range))
        return WorkoutTrack(
            workout: workout, segments: StoreWorkoutAssembly.segments(routes, of: workout),
            heartRate: StoreWorkoutAssembly.series(heartRate, type: HeartRate.type),
            cadence: StoreWorkoutAssembly.series(cadence, type: HeartRate.cadenceType), hasRouteNamed: !stored.isEmpty)
    }

    private func rows(_ query: StoreWorkoutQueries.Query) async throws -> [StoreWorkoutAssembly.Row] {
        try await PostgresRows.fetch(store, query)
    }
}
#endif
