import HealthCore
import HealthExport
import HealthJSON

/// A workout's parts: its activities, events, statistics, routes and zones, each a table keyed
/// by the workout's ID and positions.
extension RecordRows {
    /// A workout's totals, the `workouts` columns after its header: duration, distance and
    /// energy, each a value and its unit.
    @inlinable
    public static func bindTotals<B: RowBinding>(of workout: Workout, into row: B) {
        row.real(workout.duration?.value)
        row.text(workout.duration?.unit)
        row.real(workout.totalDistance?.value)
        row.text(workout.totalDistance?.unit)
        row.real(workout.totalEnergyBurned?.value)
        row.text(workout.totalEnergyBurned?.unit)
    }

    /// `workout_activities`: a row per activity, numbered from 1 (0 is the workout itself, in
    /// the events' and statistics' `activity_position`).
    @inlinable
    public static func bindActivities<B: RowBinding>(
        of workout: Workout, id: RecordID, into rows: B, end: (B) throws -> Void
    ) rethrows {
        for (index, activity) in workout.activities.enumerated() {
            rows.id(id)
            rows.integer(index + 1)
            rows.text(activity.uuid)
            rows.timestamp(activity.startDate)
            rows.timestamp(activity.endDate)
            rows.real(activity.duration?.value)
            rows.text(activity.duration?.unit)
            rows.json { if !activity.metadata.isEmpty { $0.object(activity.metadata) } }
            try end(rows)
        }
    }

    /// `workout_events`: a row per event of the workout (`activity` 0) or of one of its activities.
    @inlinable
    public static func bindEvents<B: RowBinding>(
        _ events: [WorkoutEvent], workout id: RecordID, activity: Int, into rows: B, end: (B) throws -> Void
    ) rethrows {
        for (position, event) in events.enumerated() {
            rows.id(id)
            rows.integer(activity)
            rows.integer(position)
            rows.text(event.type)
            rows.timestamp(event.date)
            rows.real(event.duration?.value)
            rows.text(event.duration?.unit)
            rows.json { if !event.metadata.isEmpty { $0.object(event.metadata) } }
            try end(rows)
        }
    }

    /// `workout_statistics`: a row per statistic of the workout (`activity` 0) or of one of its activities.
    @inlinable
    public static func bindStatistics<B: RowBinding>(
        _ statistics: [WorkoutStatistics], workout id: RecordID, activity: Int, into rows: B,
        end: (B) throws -> Void
    ) rethrows {
        for (position, item) in statistics.enumerated() {
            rows.id(id)
            rows.integer(activity)
            rows.integer(position)
            rows.text(item.type)
            rows.timestamp(item.startDate)
            rows.timestamp(item.endDate)
            rows.real(item.average)
            rows.real(item.minimum)
            rows.real(item.maximum)
            rows.real(item.sum)
            rows.text(item.unit)
            try end(rows)
        }
    }

    /// `workout_routes`: a row per route the workout names.
    @inlinable
    public static func bindRoutes<B: RowBinding>(
        of workout: Workout, id: RecordID, into rows: B, end: (B) throws -> Void
    ) rethrows {
        for (position, route) in workout.routes.enumerated() {
            rows.id(id)
            rows.integer(position)
            rows.text(route.sourceName)
            rows.text(route.sourceVersion)
            rows.timestamp(route.creationDate)
            rows.timestamp(route.startDate)
            rows.timestamp(route.endDate)
            rows.json { $0.array(route.filePaths) }
            rows.json { if !route.metadata.isEmpty { $0.object(route.metadata) } }
            try end(rows)
        }
    }

    /// `workout_zones`: a row per zone of each zone group (iOS 26).
    @inlinable
    public static func bindZones<B: RowBinding>(
        of workout: Workout, id: RecordID, into rows: B, end: (B) throws -> Void
    ) rethrows {
        for (groupPosition, group) in workout.zoneGroups.enumerated() {
            for (position, zone) in group.zones.enumerated() {
                rows.id(id)
                rows.integer(groupPosition)
                rows.integer(position)
                rows.text(group.type)
                rows.text(group.source)
                rows.text(group.unit)
                rows.real(zone.minimum)
                rows.real(zone.maximum)
                rows.real(zone.duration?.value)
                rows.text(zone.duration?.unit)
                try end(rows)
            }
        }
    }
}
