/// The LOINC codes of the HealthKit types that have one here (see docs/fhir.md); other types
/// keep their HealthKit identifier as a code of ``ObservationCode/healthKitSystem``.
public enum ObservationCodes {
    /// The codes by HealthKit type identifier.
    public static let byType: [String: ObservationCode] = [
        "HKQuantityTypeIdentifierHeartRate": ObservationCode(
            code: "8867-4", display: "Heart rate", category: .vitalSigns, rule: .perMinute(.beatsPerMinute)),
        "HKQuantityTypeIdentifierRestingHeartRate": ObservationCode(
            code: "40443-4", display: "Heart rate --resting", category: .vitalSigns,
            rule: .perMinute(.beatsPerMinute)),
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": ObservationCode(
            code: "80404-7", display: "R-R interval.standard deviation (Heart rate variability)",
            category: .vitalSigns, rule: .milliseconds),
        "HKQuantityTypeIdentifierRespiratoryRate": ObservationCode(
            code: "9279-1", display: "Respiratory rate", category: .vitalSigns, rule: .perMinute(.breathsPerMinute)),
        "HKQuantityTypeIdentifierOxygenSaturation": ObservationCode(
            code: "59408-5", display: "Oxygen saturation in Arterial blood by Pulse oximetry", category: .vitalSigns,
            rule: .percent),
        "HKQuantityTypeIdentifierBodyMass": ObservationCode(
            code: "29463-7", display: "Body weight", category: .vitalSigns, rule: .kilograms),
        "HKQuantityTypeIdentifierHeight": ObservationCode(
            code: "8302-2", display: "Body height", category: .vitalSigns, rule: .centimeters),
        "HKQuantityTypeIdentifierBodyMassIndex": ObservationCode(
            code: "39156-5", display: "Body mass index (BMI) [Ratio]", category: .vitalSigns, rule: .bodyMassIndex),
        "HKQuantityTypeIdentifierBodyFatPercentage": ObservationCode(
            code: "41982-0", display: "Percentage of body fat Measured", category: .vitalSigns, rule: .percent),
        "HKQuantityTypeIdentifierBodyTemperature": ObservationCode(
            code: "8310-5", display: "Body temperature", category: .vitalSigns, rule: .celsius),
        "HKQuantityTypeIdentifierBloodPressureSystolic": ObservationCode(
            code: "8480-6", display: "Systolic blood pressure", category: .vitalSigns, rule: .millimetersOfMercury),
        "HKQuantityTypeIdentifierBloodPressureDiastolic": ObservationCode(
            code: "8462-4", display: "Diastolic blood pressure", category: .vitalSigns, rule: .millimetersOfMercury),
        "HKQuantityTypeIdentifierBloodGlucose": ObservationCode(
            code: "2339-0", display: "Glucose [Mass/volume] in Blood", category: .laboratory, rule: .glucose),
        "HKQuantityTypeIdentifierStepCount": ObservationCode(
            code: "55423-8", display: "Number of steps in unspecified time Pedometer", category: .activity,
            rule: .steps),
        bloodPressureType: bloodPressurePanel,
    ]

    /// HealthKit's blood-pressure correlation.
    public static let bloodPressureType = "HKCorrelationTypeIdentifierBloodPressure"

    /// The blood-pressure panel: a correlation's systolic and diastolic members are its components.
    public static let bloodPressurePanel = ObservationCode(
        code: "85354-9", display: "Blood pressure panel with all children optional", category: .vitalSigns,
        rule: nil)

    /// An electrocardiogram, its voltages as `valueSampledData`.
    public static let electrocardiogram = ObservationCode(
        code: "11524-6", display: "EKG study", category: .procedure, rule: nil)
}
