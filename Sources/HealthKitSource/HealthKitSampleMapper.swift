#if SyncClient
#if canImport(HealthKit)
import Foundation
import HealthKit
import HealthSyncClient

/// HealthKit objects as the samples the server takes, in the units the export writes.
enum HealthKitSampleMapper {
    /// A quantity or category sample as one sample; a correlation as its members (the
    /// export lists them as records of their own too); a workout as none: the samples
    /// route takes no workouts, which arrive with exports.
    static func samples(from object: HKSample) -> [HealthSample] {
        switch object {
        case let correlation as HKCorrelation:
            return correlation.objects.compactMap { $0 as? HKSample }.flatMap(samples(from:))
        case let quantity as HKQuantitySample:
            let identifier = quantity.quantityType.identifier
            guard let unit = unit(for: identifier, quantity: quantity.quantity) else { return [] }
            return [
                sample(
                    quantity, value: .quantity(quantity.quantity.doubleValue(for: unit.health), unit: unit.export))
            ]
        case let category as HKCategorySample:
            let name = categoryName(category.categoryType.identifier, category.value)
            return [sample(category, value: .category(name: name, rawValue: category.value))]
        default:
            return []
        }
    }

    private static func sample(_ object: HKSample, value: HealthSample.Value) -> HealthSample {
        let revision = object.sourceRevision
        var metadata: [String: String] = [:]
        for (key, item) in object.metadata ?? [:] { metadata[key] = "\(item)" }
        return HealthSample(
            healthKitUUID: object.uuid, type: object.sampleType.identifier, sourceName: revision.source.name,
            sourceVersion: revision.version, device: object.device.map { "\($0)" }, start: object.startDate,
            end: object.endDate, created: creationDate(object), value: value, metadata: metadata)
    }

    /// The creation date the export writes: HealthKit's own, from iOS 15 on.
    private static func creationDate(_ object: HKSample) -> Date? {
        if #available(iOS 15.0, macOS 13.0, watchOS 8.0, *) { return object.creationDate }
        return nil
    }

    /// The export's unit for a quantity type and HealthKit's unit that reads it.
    static func unit(for identifier: String, quantity: HKQuantity) -> (export: String, health: HKUnit)? {
        if let known = units[identifier] { return (known, HKUnit(from: healthUnitString[known] ?? known)) }
        for candidate in ["count", "count/min", "kg", "m", "kcal", "s", "%"] {
            let unit = HKUnit(from: healthUnitString[candidate] ?? candidate)
            if quantity.is(compatibleWith: unit) { return (candidate, unit) }
        }
        return nil
    }

    /// The units the export writes for common types (docs/json-lines.md lists the rest).
    static let units: [String: String] = [
        "HKQuantityTypeIdentifierStepCount": "count",
        "HKQuantityTypeIdentifierFlightsClimbed": "count",
        "HKQuantityTypeIdentifierHeartRate": "count/min",
        "HKQuantityTypeIdentifierRestingHeartRate": "count/min",
        "HKQuantityTypeIdentifierWalkingHeartRateAverage": "count/min",
        "HKQuantityTypeIdentifierRespiratoryRate": "count/min",
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": "ms",
        "HKQuantityTypeIdentifierBodyMass": "kg",
        "HKQuantityTypeIdentifierLeanBodyMass": "kg",
        "HKQuantityTypeIdentifierBodyMassIndex": "count",
        "HKQuantityTypeIdentifierBodyFatPercentage": "%",
        "HKQuantityTypeIdentifierOxygenSaturation": "%",
        "HKQuantityTypeIdentifierHeight": "cm",
        "HKQuantityTypeIdentifierWalkingStepLength": "cm",
        "HKQuantityTypeIdentifierDistanceWalkingRunning": "km",
        "HKQuantityTypeIdentifierDistanceCycling": "km",
        "HKQuantityTypeIdentifierWalkingSpeed": "km/hr",
        "HKQuantityTypeIdentifierActiveEnergyBurned": "kcal",
        "HKQuantityTypeIdentifierBasalEnergyBurned": "kcal",
        "HKQuantityTypeIdentifierAppleExerciseTime": "min",
        "HKQuantityTypeIdentifierAppleStandTime": "min",
        "HKQuantityTypeIdentifierBloodPressureSystolic": "mmHg",
        "HKQuantityTypeIdentifierBloodPressureDiastolic": "mmHg",
        "HKQuantityTypeIdentifierBloodGlucose": "mg/dL",
        "HKQuantityTypeIdentifierBodyTemperature": "degC",
        "HKQuantityTypeIdentifierVO2Max": "mL/min·kg",
        "HKQuantityTypeIdentifierDietaryWater": "mL",
        "HKQuantityTypeIdentifierEnvironmentalAudioExposure": "dBASPL",
        "HKQuantityTypeIdentifierHeadphoneAudioExposure": "dBASPL",
    ]

    /// HealthKit's spelling where the export's differs.
    static let healthUnitString: [String: String] = ["mL/min·kg": "ml/(kg*min)", "mL": "ml"]

    /// The export's name of a category value, where the server cannot derive it from the raw value.
    static func categoryName(_ identifier: String, _ value: Int) -> String? {
        if identifier == HKCategoryTypeIdentifier.sleepAnalysis.rawValue {
            let names = ["InBed", "AsleepUnspecified", "Awake", "AsleepCore", "AsleepDeep", "AsleepREM"]
            return names.indices.contains(value) ? "HKCategoryValueSleepAnalysis" + names[value] : nil
        }
        return value == HKCategoryValue.notApplicable.rawValue ? "HKCategoryValueNotApplicable" : nil
    }
}
#endif
#endif
