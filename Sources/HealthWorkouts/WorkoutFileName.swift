import HealthExport

/// Names of a workout's files and titles, from its local start time as the export wrote it.
public enum WorkoutFileName {
    /// `2024-05-07_1318_running`: the local start day and time (in the offset the export wrote)
    /// and the activity in lower case; the caller adds the extension (and a suffix for a second
    /// workout of the same minute).
    public static func stem(_ workout: Workout) -> String {
        let start = workout.header.startDate
        let local = start.secondsSince1970 + Int64(start.offsetMinutes) * 60
        let secondOfDay = Int(local - floorDivide(local, 86_400) * 86_400)
        let hours = secondOfDay / 3600
        let minutes = secondOfDay / 60 % 60
        let time = (hours < 10 ? "0" : "") + String(hours) + (minutes < 10 ? "0" : "") + String(minutes)
        return start.localDay.iso8601 + "_" + time + "_" + ActivityName.fileName(workout.activityType)
    }

    /// `Running 2024-05-07 13:18`, for the track's or activity's name.
    public static func title(_ workout: Workout) -> String {
        let stem = stem(workout)
        let parts = stem.split(separator: "_")
        let clock = parts.count > 1 ? parts[1].prefix(2) + ":" + parts[1].suffix(2) : ""
        return ActivityName.short(workout.activityType) + " " + (parts.first.map(String.init) ?? "") + " " + clock
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && a < 0) ? quotient - 1 : quotient
    }
}
