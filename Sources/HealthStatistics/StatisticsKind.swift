/// How a type's samples combine into statistics.
public enum StatisticsKind: Sendable, Equatable {
    /// Amounts that add up over time (steps, distances, energy, ...): merged by source priority.
    case cumulative
    /// Measurements at a moment (heart rate, weight, ...): averaged over every source.
    case discrete
    /// `HKCategoryTypeIdentifierSleepAnalysis`: sleep nights.
    case sleep

    /// The kind of a HealthKit type identifier, or `nil` for a type statistics do not cover.
    public init?(type: String) {
        if type == "HKCategoryTypeIdentifierSleepAnalysis" {
            self = .sleep
        } else if type.hasPrefix("HKQuantityTypeIdentifier") {
            let name = type.dropFirst("HKQuantityTypeIdentifier".count)
            if Self.cumulativeNames.contains(String(name)) || name.hasPrefix("Distance") || name.hasPrefix("Dietary") {
                self = .cumulative
            } else {
                self = .discrete
            }
        } else {
            return nil
        }
    }

    /// HealthKit's cumulative quantity types other than `Distance...` and `Dietary...`.
    static let cumulativeNames: Set<String> = [
        "StepCount", "ActiveEnergyBurned", "BasalEnergyBurned", "FlightsClimbed", "AppleExerciseTime",
        "AppleStandTime", "AppleMoveTime", "NikeFuel", "PushCount", "SwimmingStrokeCount", "NumberOfTimesFallen",
        "InhalerUsage", "NumberOfAlcoholicBeverages", "TimeInDaylight",
    ]
}
