/// Heart-rate types and units.
public enum HeartRate {
    /// `HKQuantityTypeIdentifierHeartRate`.
    public static let type = "HKQuantityTypeIdentifierHeartRate"
    /// `HKQuantityTypeIdentifierCyclingCadence`, the cadence type the export carries as samples.
    public static let cadenceType = "HKQuantityTypeIdentifierCyclingCadence"

    /// `value` in beats per minute: iOS 8 wrote `count/s`, later exports `count/min`.
    public static func beatsPerMinute(_ value: Double, unit: String?) -> Double {
        unit == "count/s" ? value * 60 : value
    }
}
