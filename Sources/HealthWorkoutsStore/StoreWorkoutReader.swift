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
    }

    private let reader: StoreReader
    private let options: WorkoutReader.Options
    private let now: ExportTimestamp

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
            var summary = Summary()
            summary.facts = try StoreWorkoutRows.facts(db)
            let start = options.window.start(exportDate: summary.facts.exportDate, now: now)
            let yearStart = (summary.facts.exportDate ?? now).secondsSince1970 - 365 * 86_400
            let highest = options.highestInYear ? try StoreWorkoutRows.highestHeartRate(db, since: yearStart) : nil
            let context = WorkoutReader.Context(facts: summary.facts, highestHeartRateInYear: highest)
            let workouts = try StoreWorkoutRows.workouts(db, from: start?.secondsSince1970)
            for (uuid, workout) in workouts where options.activities.selects(workout.activityType) {
                let full = try StoreWorkoutRows.complete(workout, uuid: uuid, db)
                let span = WorkoutSpan(full)
                let range = (span.start - SampleSeries.maximumAge)...span.end
                let track = WorkoutTrack(
                    workout: full,
                    segments: options.routes ? try StoreWorkoutRows.segments(of: full, db) : [],
                    heartRate: try StoreWorkoutRows.series(db, type: HeartRate.type, source: span.sourceName, range),
                    cadence: try StoreWorkoutRows.series(
                        db, type: HeartRate.cadenceType, source: span.sourceName, range))
                summary.workouts += 1
                try body(track, context)
            }
            return summary
        }
    }
}
