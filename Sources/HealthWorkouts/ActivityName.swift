import HealthExport

/// Names of a workout's activity type: short, for files and options, and the sport a TCX reader knows.
public enum ActivityName {
    static let prefix = "HKWorkoutActivityType"

    /// The type without `HKWorkoutActivityType` (`Running`, `TraditionalStrengthTraining`).
    public static func short(_ activityType: String) -> String {
        activityType.hasPrefix(prefix) ? String(activityType.dropFirst(prefix.count)) : activityType
    }

    /// The name in file names: the short name in lower case, letters and digits only (`running`).
    public static func fileName(_ activityType: String) -> String {
        let name = String(short(activityType).lowercased().unicodeScalars.filter { Self.isFileNameScalar($0) })
        return name.isEmpty ? "workout" : name
    }

    /// The key that `--activity` values are compared by: lower case, without the prefix,
    /// spaces, hyphens or underscores (`swim-bike-run` and `SwimBikeRun` both give `swimbikerun`).
    public static func key(_ name: String) -> String {
        String(short(name).lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// The TCX `Sport`: `Running`, `Biking` or `Other`.
    public static func tcxSport(_ activityType: String) -> String {
        switch short(activityType) {
        case "Running", "TrackAndField": "Running"
        case "Cycling", "HandCycling": "Biking"
        default: "Other"
        }
    }

    private static func isFileNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
    }
}
