import Foundation
import HealthExport
import HealthQuery
import HealthWorkouts

/// Builds workouts, routes and sample series from the rows of ``StoreWorkoutQueries``, whichever
/// store they came from.
package enum StoreWorkoutAssembly {
    package typealias Row = [StoreValue]

    /// The export facts of the ``StoreWorkoutQueries/facts`` row.
    package static func facts(_ row: Row?) -> ExportFacts {
        guard let row else { return ExportFacts() }
        return ExportFacts(
            exportDate: time(row[0]), locale: row[1].text, profile: row[2].text.map(entries) ?? [])
    }

    /// The UUID and the workout (without its children) of a ``StoreWorkoutQueries/workouts(from:)`` row.
    package static func workout(_ row: Row) -> (uuid: String, workout: Workout)? {
        guard let uuid = row[0].text, let type = row[1].text, let start = time(row[5]), let end = time(row[6])
        else { return nil }
        let header = SampleHeader(
            type: type, sourceName: row[2].text ?? "", sourceVersion: row[3].text, creationDate: time(row[4]),
            startDate: start, endDate: end)
        return (
            uuid,
            Workout(
                activityType: type, header: header, duration: measurement(row[7], row[8]),
                totalDistance: measurement(row[9], row[10]), totalEnergyBurned: measurement(row[11], row[12]))
        )
    }

    /// `workout` with its children, from the rows of ``StoreWorkoutQueries/details(of:)``, in order.
    package static func complete(_ workout: Workout, details: [[Row]]) -> Workout {
        var workout = workout
        let (metadata, eventRows, statisticRows, activityRows, zoneRows) = (
            details[0], details[1], details[2], details[3], details[4]
        )
        workout.metadata = metadata.compactMap { row in
            guard let key = row[0].text, let value = row[1].text else { return nil }
            return MetadataEntry(key: key, value: value)
        }
        // Position 0 is the workout's own; 1, 2, ... its activities, in order.
        var events: [Int64: [WorkoutEvent]] = [:]
        for row in eventRows {
            guard let position = row[0].integer, let type = row[1].text, let date = time(row[2]) else { continue }
            events[position, default: []].append(
                WorkoutEvent(type: type, date: date, duration: measurement(row[3], row[4])))
        }
        var statistics: [Int64: [WorkoutStatistics]] = [:]
        for row in statisticRows {
            guard let position = row[0].integer, let type = row[1].text else { continue }
            statistics[position, default: []].append(
                WorkoutStatistics(
                    type: type, startDate: time(row[2]), endDate: time(row[3]), average: row[4].double,
                    minimum: row[5].double, maximum: row[6].double, sum: row[7].double, unit: row[8].text))
        }
        workout.events = events[0] ?? []
        workout.statistics = statistics[0] ?? []
        workout.activities = activityRows.compactMap { row in
            guard let position = row[0].integer, let uuid = row[1].text, let start = time(row[2]) else { return nil }
            return WorkoutActivity(
                uuid: uuid, startDate: start, endDate: time(row[3]), duration: measurement(row[4], row[5]),
                events: events[position] ?? [], statistics: statistics[position] ?? [])
        }
        var groups: [(position: Int64, group: WorkoutZoneGroup)] = []
        for row in zoneRows {
            guard let position = row[0].integer, let type = row[1].text else { continue }
            if groups.last?.position != position {
                groups.append((position, WorkoutZoneGroup(type: type, source: row[2].text, unit: row[3].text)))
            }
            groups[groups.count - 1].group.zones.append(
                WorkoutZone(minimum: row[4].double, maximum: row[5].double, duration: measurement(row[6], row[7])))
        }
        workout.zoneGroups = groups.map(\.group)
        return workout
    }

    /// A route point of a ``StoreWorkoutQueries/points(route:)`` row.
    package static func point(_ row: Row) -> RoutePoint? {
        guard let latitude = row[1].double, let longitude = row[2].double else { return nil }
        return RoutePoint(
            time: time(row[0]), latitude: latitude, longitude: longitude, elevation: row[3].double,
            speed: row[4].double, course: row[5].double, horizontalAccuracy: row[6].double,
            verticalAccuracy: row[7].double)
    }

    /// The points of a workout's routes, one list per route, ordered as ``RouteFiles`` orders an export's.
    package static func segments(_ routes: [[Row]], of workout: Workout) -> [[RoutePoint]] {
        RouteFiles.inOrder(
            routes.map { RouteFiles.ordered($0.compactMap(point)) }, start: workout.header.startDate)
    }

    /// The series of the rows of ``StoreWorkoutQueries/samples(type:source:_:)``, heart rates in beats per minute.
    package static func series(_ rows: [Row], type: String) -> SampleSeries {
        SampleSeries(
            rows.compactMap { row in
                guard let time = row[0].integer, let value = row[1].double else { return nil }
                return TimedValue(
                    time: time,
                    value: type == HeartRate.type ? HeartRate.beatsPerMinute(value, unit: row[2].text) : value)
            })
    }

    static func time(_ value: StoreValue) -> ExportTimestamp? {
        value.text.flatMap { TimestampParser.parse($0) }
    }

    static func measurement(_ value: StoreValue, _ unit: StoreValue) -> HealthExport.Measurement? {
        value.double.map { HealthExport.Measurement(value: $0, unit: unit.text) }
    }

    /// The entries of a JSON object of strings, by key.
    static func entries(_ json: String) -> [MetadataEntry] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        return object.compactMap { key, value in (value as? String).map { MetadataEntry(key: key, value: $0) } }
            .sorted { $0.key < $1.key }
    }
}
