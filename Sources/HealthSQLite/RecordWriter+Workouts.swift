import Foundation
import HealthCore
import HealthExport
import HealthStoreRows

extension RecordWriter {
    static let workoutInsert = headerInsert(
        "workouts",
        extra: [
            "duration", "duration_unit", "total_distance", "total_distance_unit", "total_energy_burned",
            "total_energy_burned_unit",
        ]
    ).replacingOccurrences(of: "(uuid, type,", with: "(uuid, activity_type,")

    func write(_ workout: Workout, id: RecordID) throws -> Bool {
        let uuid = id.description
        let statement = try insert(Self.workoutInsert)
        headers.bind(workout.header, type: workout.activityType, id: id, into: statement)
        RecordRows.bindTotals(of: workout, into: statement)
        guard try statement.run() else { return false }
        try writeMetadata(workout.metadata, owner: uuid)
        let events = try insert(into: "workout_events")
        let statistics = try insert(into: "workout_statistics")
        let run: (BoundStatement) throws -> Void = { _ = try $0.run() }
        try RecordRows.bindEvents(workout.events, workout: id, activity: 0, into: events, end: run)
        try RecordRows.bindStatistics(workout.statistics, workout: id, activity: 0, into: statistics, end: run)
        try RecordRows.bindActivities(of: workout, id: id, into: try insert(into: "workout_activities"), end: run)
        for (index, activity) in workout.activities.enumerated() {
            try RecordRows.bindEvents(activity.events, workout: id, activity: index + 1, into: events, end: run)
            try RecordRows.bindStatistics(
                activity.statistics, workout: id, activity: index + 1, into: statistics, end: run)
        }
        try RecordRows.bindRoutes(of: workout, id: id, into: try insert(into: "workout_routes"), end: run)
        try RecordRows.bindZones(of: workout, id: id, into: try insert(into: "workout_zones"), end: run)
        // Its content's digest goes with its rows, however they came (new, corrected, a newer
        // sync version), as on PostgreSQL.
        try saveDigest(of: workout, uuid: uuid)
        return true
    }
}
