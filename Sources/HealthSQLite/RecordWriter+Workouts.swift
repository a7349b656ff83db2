import Foundation
import HealthExport

extension RecordWriter {
    static let workoutInsert = headerInsert(
        "workouts",
        extra: [
            "duration", "duration_unit", "total_distance", "total_distance_unit", "total_energy_burned",
            "total_energy_burned_unit",
        ]
    ).replacingOccurrences(of: "(uuid, type,", with: "(uuid, activity_type,")

    func write(_ workout: Workout, uuid: String) throws -> Bool {
        let statement = try insert(Self.workoutInsert)
        var header = workout.header
        header.type = workout.activityType
        bindHeader(statement, header, uuid: uuid)
        statement.real(workout.duration?.value)
        statement.text(workout.duration?.unit)
        statement.real(workout.totalDistance?.value)
        statement.text(workout.totalDistance?.unit)
        statement.real(workout.totalEnergyBurned?.value)
        statement.text(workout.totalEnergyBurned?.unit)
        guard try statement.run() else { return false }
        try writeMetadata(workout.metadata, owner: uuid)
        try writeEvents(workout.events, workout: uuid, activity: 0)
        try writeStatistics(workout.statistics, workout: uuid, activity: 0)
        let activities = try insert(
            """
            INSERT OR IGNORE INTO workout_activities (workout_uuid, position, activity_uuid, start_date, start_unix, \
            end_date, end_unix, duration, duration_unit, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, activity) in workout.activities.enumerated() {
            activities.text(uuid)
            activities.integer(index + 1)
            activities.text(activity.uuid)
            activities.timestamp(activity.startDate)
            activities.timestamp(activity.endDate)
            activities.real(activity.duration?.value)
            activities.text(activity.duration?.unit)
            activities.json { if !activity.metadata.isEmpty { $0.object(activity.metadata) } }
            try activities.run()
            try writeEvents(activity.events, workout: uuid, activity: index + 1)
            try writeStatistics(activity.statistics, workout: uuid, activity: index + 1)
        }
        let routes = try insert(
            """
            INSERT OR IGNORE INTO workout_routes (workout_uuid, position, source_name, source_version, creation_date, \
            creation_unix, start_date, start_unix, end_date, end_unix, file_paths, metadata) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, route) in workout.routes.enumerated() {
            routes.text(uuid)
            routes.integer(position)
            routes.text(route.sourceName)
            routes.text(route.sourceVersion)
            routes.timestamp(route.creationDate)
            routes.timestamp(route.startDate)
            routes.timestamp(route.endDate)
            routes.json { $0.array(route.filePaths) }
            routes.json { if !route.metadata.isEmpty { $0.object(route.metadata) } }
            try routes.run()
        }
        try writeZones(workout.zoneGroups, workout: uuid)
        // Its content's digest goes with its rows, however they came (new, corrected, a newer
        // sync version), as on PostgreSQL.
        try saveDigest(of: workout, uuid: uuid)
        return true
    }

    private func writeEvents(_ events: [WorkoutEvent], workout: String, activity: Int) throws {
        guard !events.isEmpty else { return }
        let statement = try insert(
            """
            INSERT OR IGNORE INTO workout_events (workout_uuid, activity_position, position, type, date, date_unix, \
            duration, duration_unit, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, event) in events.enumerated() {
            statement.text(workout)
            statement.integer(activity)
            statement.integer(position)
            statement.text(event.type)
            statement.timestamp(event.date)
            statement.real(event.duration?.value)
            statement.text(event.duration?.unit)
            statement.json { if !event.metadata.isEmpty { $0.object(event.metadata) } }
            try statement.run()
        }
    }

    private func writeStatistics(_ statistics: [WorkoutStatistics], workout: String, activity: Int) throws {
        guard !statistics.isEmpty else { return }
        let statement = try insert(
            """
            INSERT OR IGNORE INTO workout_statistics (workout_uuid, activity_position, position, type, start_date, \
            start_unix, end_date, end_unix, average, minimum, maximum, sum, unit) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, item) in statistics.enumerated() {
            statement.text(workout)
            statement.integer(activity)
            statement.integer(position)
            statement.text(item.type)
            statement.timestamp(item.startDate)
            statement.timestamp(item.endDate)
            statement.real(item.average)
            statement.real(item.minimum)
            statement.real(item.maximum)
            statement.real(item.sum)
            statement.text(item.unit)
            try statement.run()
        }
    }

    func write(_ route: RouteTrack, uuid: String) throws -> Bool {
        let statement = try insert(
            """
            INSERT OR IGNORE INTO routes (uuid, workout_activity_type, workout_start_date, workout_start_unix, \
            file_path, source_name, start_date, start_unix, end_date, end_unix, point_count) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.text(uuid)
        statement.text(route.workoutActivityType)
        statement.timestamp(route.workoutStart)
        statement.text(route.filePath)
        statement.text(route.sourceName)
        statement.timestamp(route.startDate)
        statement.timestamp(route.endDate)
        statement.integer(route.points.count)
        guard try statement.run() else { return false }
        let points = try insert(
            """
            INSERT OR IGNORE INTO route_points (route_uuid, position, time_date, time_unix, latitude, longitude, \
            elevation, speed, course, horizontal_accuracy, vertical_accuracy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, point) in route.points.enumerated() {
            points.text(uuid)
            points.integer(position)
            points.timestamp(point.time)
            points.real(point.latitude)
            points.real(point.longitude)
            points.real(point.elevation)
            points.real(point.speed)
            points.real(point.course)
            points.real(point.horizontalAccuracy)
            points.real(point.verticalAccuracy)
            try points.run()
        }
        return true
    }
}
