import HealthExport

extension RecordWriter {
    /// Writes a workout's zone groups (iOS 26), one row per zone.
    func writeZones(_ groups: [WorkoutZoneGroup], workout: String) throws {
        guard !groups.isEmpty else { return }
        let statement = try insert(
            """
            INSERT OR IGNORE INTO workout_zones (workout_uuid, group_position, position, type, source, unit, \
            minimum, maximum, duration, duration_unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (groupPosition, group) in groups.enumerated() {
            for (position, zone) in group.zones.enumerated() {
                statement.text(workout)
                statement.integer(groupPosition)
                statement.integer(position)
                statement.text(group.type)
                statement.text(group.source)
                statement.text(group.unit)
                statement.real(zone.minimum)
                statement.real(zone.maximum)
                statement.real(zone.duration?.value)
                statement.text(zone.duration?.unit)
                try statement.run()
            }
        }
    }
}
