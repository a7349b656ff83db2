import HealthExport
import HealthJSON
import HealthWorkouts

/// One JSON line per workout for `workouts --format json`: its type, times, totals, heart rate
/// and time in heart-rate zones.
enum WorkoutJSON {
    /// Writes `track`'s line: `maximum` is the maximum heart rate for computed zones, when known.
    static func write(
        _ track: WorkoutTrack, maximum: MaximumHeartRate?, files: [String], to buffer: inout JSONBuffer
    ) {
        let workout = track.workout
        buffer.beginObject()
        buffer.field("type", workout.activityType)
        buffer.field("activity", ActivityName.fileName(workout.activityType))
        buffer.field("source", workout.header.sourceName)
        buffer.field("start", workout.header.startDate)
        buffer.field("end", workout.header.endDate)
        buffer.field("duration", rounded(track.durationSeconds, 3))
        buffer.field("distance", track.distanceMeters.map { rounded($0, 2) })
        buffer.field("energy", track.energyKilocalories.map { rounded($0, 2) })
        buffer.field("averageHeartRate", track.averageHeartRate.map { rounded($0, 1) })
        buffer.field("maximumHeartRate", track.maximumHeartRate.map { rounded($0, 1) })
        buffer.key("heartRateSamples")
        buffer.integer(track.heartRate.slice(from: track.start, through: track.end).count)
        buffer.key("route")
        // Whether it has one, read or not: JSON lines leave route files unread.
        buffer.bool(track.hasRoute || track.hasRouteNamed)
        if !files.isEmpty {
            buffer.key("files")
            buffer.array(files)
        }
        buffer.key("heartRateZones")
        let zones =
            HeartRateZones.apple(workout)
            ?? maximum.flatMap { HeartRateZones.computed(track, maximum: $0.beatsPerMinute) }
        if let zones {
            write(zones, basis: zones.origin == .computed ? maximum?.basis : nil, to: &buffer)
        } else {
            buffer.null()
        }
        buffer.endObject()
        buffer.newline()
    }

    private static func write(_ zones: HeartRateZones, basis: MaximumHeartRate.Basis?, to buffer: inout JSONBuffer) {
        buffer.beginObject()
        buffer.field("origin", zones.origin.rawValue)
        buffer.field("maximumHeartRate", zones.maximumHeartRate.map { rounded($0, 1) })
        buffer.field("maximumFrom", basis?.rawValue)
        buffer.key("zones")
        buffer.beginArray()
        for (index, zone) in zones.zones.enumerated() {
            buffer.beginObject()
            buffer.field("zone", index + 1)
            buffer.field("minimum", zone.minimum.map { rounded($0, 1) })
            buffer.field("maximum", zone.maximum.map { rounded($0, 1) })
            buffer.field("seconds", rounded(zone.seconds, 3))
            buffer.endObject()
        }
        buffer.endArray()
        buffer.endObject()
    }

    private static func rounded(_ value: Double, _ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
