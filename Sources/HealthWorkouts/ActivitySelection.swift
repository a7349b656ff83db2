/// Which activity types `--activity` takes: all, or the named ones (`running,cycling`).
public struct ActivitySelection: Sendable, Equatable {
    private let keys: Set<String>

    /// Every activity.
    public static let everything = ActivitySelection(names: [])

    /// Takes the activities named (short names, full identifiers, any case, with or without
    /// hyphens); no names take every activity.
    public init(names: [String]) {
        keys = Set(names.map(ActivityName.key).filter { !$0.isEmpty })
    }

    /// Whether a workout of `activityType` (`HKWorkoutActivityTypeRunning`) is taken.
    public func selects(_ activityType: String) -> Bool {
        keys.isEmpty || keys.contains(ActivityName.key(activityType))
    }
}
