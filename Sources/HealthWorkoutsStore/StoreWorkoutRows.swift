import Foundation
import GRDB
import HealthExport
import HealthWorkouts

/// The queries that rebuild a workout, its route and its samples from the SQLite store's tables.
enum StoreWorkoutRows {
    static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    /// The newest export's date and `Me` profile.
    static func facts(_ db: Database) throws -> ExportFacts {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT export_date, locale, profile FROM exports ORDER BY export_unix DESC LIMIT 1")
        else { return ExportFacts() }
        let profile = (row["profile"] as String?).map(Self.entries) ?? []
        return ExportFacts(
            exportDate: (row["export_date"] as String?).flatMap { TimestampParser.parse($0) },
            locale: row["locale"], profile: profile)
    }

    /// The highest heart rate (beats per minute) from `since` on.
    static func highestHeartRate(_ db: Database, since: Int64) throws -> Double? {
        try Double.fetchOne(
            db,
            sql: """
                SELECT max(CASE WHEN unit = 'count/s' THEN value * 60 ELSE value END) FROM quantity_samples
                WHERE type = ? AND start_unix >= ? AND \(current)
                """, arguments: [HeartRate.type, since])
    }

    /// The current workouts starting at `from` or later, in start order, without their children.
    static func workouts(_ db: Database, from: Int64?) throws -> [(uuid: String, workout: Workout)] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT uuid, activity_type, source_name, source_version, creation_date, start_date, end_date,
                    duration, duration_unit, total_distance, total_distance_unit, total_energy_burned,
                    total_energy_burned_unit
                FROM workouts WHERE start_unix >= ? AND \(current) ORDER BY start_unix, uuid
                """, arguments: [from ?? Int64.min])
        var workouts: [(uuid: String, workout: Workout)] = []
        while let row = try rows.next() {
            guard let start = time(row["start_date"]), let end = time(row["end_date"]) else { continue }
            let type: String = row["activity_type"]
            let header = SampleHeader(
                type: type, sourceName: row["source_name"] ?? "", sourceVersion: row["source_version"],
                creationDate: time(row["creation_date"]), startDate: start, endDate: end)
            workouts.append(
                (
                    row["uuid"],
                    Workout(
                        activityType: type, header: header,
                        duration: measurement(row["duration"], row["duration_unit"]),
                        totalDistance: measurement(row["total_distance"], row["total_distance_unit"]),
                        totalEnergyBurned: measurement(row["total_energy_burned"], row["total_energy_burned_unit"]))
                ))
        }
        return workouts
    }

    /// `workout` with its metadata, events, statistics, activities and zone groups.
    static func complete(_ workout: Workout, uuid: String, _ db: Database) throws -> Workout {
        var workout = workout
        workout.metadata = try Row.fetchAll(
            db, sql: "SELECT key, value FROM metadata WHERE record_uuid = ? ORDER BY position", arguments: [uuid]
        ).map { MetadataEntry(key: $0["key"], value: $0["value"]) }
        // Position 0 is the workout's own; 1, 2, ... its activities, in order.
        var events: [Int64: [WorkoutEvent]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT activity_position, type, date, duration, duration_unit FROM workout_events
                WHERE workout_uuid = ? ORDER BY activity_position, position
                """, arguments: [uuid])
        {
            guard let date = time(row["date"]) else { continue }
            events[row["activity_position"], default: []].append(
                WorkoutEvent(
                    type: row["type"], date: date, duration: measurement(row["duration"], row["duration_unit"])))
        }
        var statistics: [Int64: [WorkoutStatistics]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT activity_position, type, start_date, end_date, average, minimum, maximum, sum, unit
                FROM workout_statistics WHERE workout_uuid = ? ORDER BY activity_position, position
                """, arguments: [uuid])
        {
            statistics[row["activity_position"], default: []].append(
                WorkoutStatistics(
                    type: row["type"], startDate: time(row["start_date"]), endDate: time(row["end_date"]),
                    average: row["average"], minimum: row["minimum"], maximum: row["maximum"], sum: row["sum"],
                    unit: row["unit"]))
        }
        workout.events = events[0] ?? []
        workout.statistics = statistics[0] ?? []
        workout.activities = try Row.fetchAll(
            db,
            sql: """
                SELECT position, activity_uuid, start_date, end_date, duration, duration_unit FROM workout_activities
                WHERE workout_uuid = ? ORDER BY position
                """, arguments: [uuid]
        ).compactMap { row in
            guard let start = time(row["start_date"]) else { return nil }
            let position: Int64 = row["position"]
            return WorkoutActivity(
                uuid: row["activity_uuid"], startDate: start, endDate: time(row["end_date"]),
                duration: measurement(row["duration"], row["duration_unit"]), events: events[position] ?? [],
                statistics: statistics[position] ?? [])
        }
        var groups: [Int64: WorkoutZoneGroup] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT group_position, type, source, unit, minimum, maximum, duration, duration_unit FROM workout_zones
                WHERE workout_uuid = ? ORDER BY group_position, position
                """, arguments: [uuid])
        {
            let position: Int64 = row["group_position"]
            var group =
                groups[position] ?? WorkoutZoneGroup(type: row["type"], source: row["source"], unit: row["unit"])
            group.zones.append(
                WorkoutZone(
                    minimum: row["minimum"], maximum: row["maximum"],
                    duration: measurement(row["duration"], row["duration_unit"])))
            groups[position] = group
        }
        workout.zoneGroups = groups.keys.sorted().map { groups[$0]! }
        return workout
    }

    /// The points of the workout's stored routes (those its route files gave at import), one
    /// list per route, each in time order, ordered as ``RouteFiles`` orders an export's.
    static func segments(of workout: Workout, _ db: Database) throws -> [[RoutePoint]] {
        let routes = try String.fetchAll(
            db,
            sql: """
                SELECT uuid FROM routes WHERE workout_activity_type = ? AND workout_start_unix = ? AND \(current)
                ORDER BY file_path, uuid
                """, arguments: [workout.activityType, workout.header.startDate.secondsSince1970])
        let segments = try routes.map { route in
            RouteFiles.ordered(
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT time_date, latitude, longitude, elevation, speed, course, horizontal_accuracy,
                            vertical_accuracy
                        FROM route_points WHERE route_uuid = ? ORDER BY position
                        """, arguments: [route]
                ).map { row in
                    RoutePoint(
                        time: time(row["time_date"]), latitude: row["latitude"], longitude: row["longitude"],
                        elevation: row["elevation"], speed: row["speed"], course: row["course"],
                        horizontalAccuracy: row["horizontal_accuracy"], verticalAccuracy: row["vertical_accuracy"])
                })
        }
        return RouteFiles.inOrder(segments, start: workout.header.startDate)
    }

    /// The current samples of `type` from `source` starting in `range`, in beats (or steps) per minute.
    static func series(_ db: Database, type: String, source: String, _ range: ClosedRange<Int64>) throws
        -> SampleSeries
    {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT start_unix, value, unit FROM quantity_samples
                WHERE type = ? AND source_name = ? AND start_unix BETWEEN ? AND ? AND value IS NOT NULL AND \(current)
                ORDER BY start_unix
                """, arguments: [type, source, range.lowerBound, range.upperBound])
        var values: [TimedValue] = []
        while let row = try rows.next() {
            let value: Double = row["value"]
            let unit: String? = row["unit"]
            values.append(
                TimedValue(
                    time: row["start_unix"],
                    value: type == HeartRate.type ? HeartRate.beatsPerMinute(value, unit: unit) : value))
        }
        return SampleSeries(values)
    }

    static func time(_ text: String?) -> ExportTimestamp? {
        text.flatMap { TimestampParser.parse($0) }
    }

    static func measurement(_ value: Double?, _ unit: String?) -> HealthExport.Measurement? {
        value.map { HealthExport.Measurement(value: $0, unit: unit) }
    }

    /// The entries of a JSON object of strings, in the object's order.
    static func entries(_ json: String) -> [MetadataEntry] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        return object.compactMap { key, value in (value as? String).map { MetadataEntry(key: key, value: $0) } }
            .sorted { $0.key < $1.key }
    }
}
