#if SyncClient
import Foundation
import HealthSyncClient

/// Samples as a phone holds them: steps, heart rate, weight and sleep from a watch and a
/// phone, on whole seconds, in the last weeks.
enum SampleFactory {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let weight = "HKQuantityTypeIdentifierBodyMass"
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    static let types = [steps, heartRate, weight, sleep]

    /// A fixed instant a few days back, on a whole minute.
    static let base: Date = {
        let now = Date().timeIntervalSince1970
        return Date(timeIntervalSince1970: ((now - 5 * 86_400) / 60).rounded(.down) * 60)
    }()

    static func samples(count: Int, type: String, from start: Date = base, step: TimeInterval = -600) -> [HealthSample]
    {
        (0..<count).map { index in
            let begin = start.addingTimeInterval(Double(index) * step)
            return sample(type: type, start: begin, index: index)
        }
    }

    static func sample(type: String, start: Date, index: Int) -> HealthSample {
        switch type {
        case weight:
            return HealthSample(
                healthKitUUID: UUID(), type: type, sourceName: "Scale", start: start, end: start,
                created: start.addingTimeInterval(2), value: .quantity(70 + Double(index % 20) / 10, unit: "kg"))
        case sleep:
            return HealthSample(
                healthKitUUID: UUID(), type: type, sourceName: "Watch", sourceVersion: "11.0", start: start,
                end: start.addingTimeInterval(300), created: start.addingTimeInterval(400),
                value: .category(name: "HKCategoryValueSleepAnalysisAsleepCore", rawValue: 3))
        case heartRate:
            return HealthSample(
                healthKitUUID: UUID(), type: type, sourceName: "Watch", sourceVersion: "11.0",
                device: "<<HKDevice: 0x1>, name:Apple Watch>", start: start, end: start,
                created: start.addingTimeInterval(30), value: .quantity(Double(55 + index % 40), unit: "count/min"),
                metadata: ["HKMetadataKeyHeartRateMotionContext": "0"])
        default:
            return HealthSample(
                healthKitUUID: UUID(), type: type, sourceName: "Phone", sourceVersion: "18.1", start: start,
                end: start.addingTimeInterval(60), created: start.addingTimeInterval(90),
                value: .quantity(Double(10 + index % 90), unit: "count"))
        }
    }
}
#endif
