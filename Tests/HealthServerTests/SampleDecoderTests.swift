#if PostgreSQL
import Foundation
import HealthExport
import Testing

@testable import HealthServer

/// What the samples route takes: every sample `records` prints for a quantity, weight or
/// category record, and no unit that cannot measure its type.
@Suite struct SampleDecoderTests {
    private func decode(_ json: String) throws(SampleDecoder.Failure) -> HealthRecord {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        return try SampleDecoder.record(object as Any)
    }

    @Test("A category sample without a value, as the export writes a mindful session, is taken")
    func categoryWithoutValue() throws {
        let record = try decode(
            #"{"type":"HKCategoryTypeIdentifierMindfulSession","sourceName":"Breathe","start":"2025-05-01T08:00:00+02:00","end":"2025-05-01T08:01:00+02:00"}"#
        )
        guard case .category(let sample) = record else {
            Issue.record("not a category sample: \(record)")
            return
        }
        #expect(sample.value == nil && sample.rawValue == nil)
    }

    @Test("A unit that cannot measure its type is refused with both named; others convert or are any")
    func units() throws {
        for (type, unit) in [
            ("HKQuantityTypeIdentifierStepCount", "kg"), ("HKQuantityTypeIdentifierHeartRate", "kg"),
            ("HKQuantityTypeIdentifierStepCount", "furlongs"),
            ("HKQuantityTypeIdentifierDistanceWalkingRunning", "count"),
            ("HKQuantityTypeIdentifierDistanceCycling", "kg"), ("HKQuantityTypeIdentifierDietarySugar", "km"),
        ] {
            #expect {
                _ = try decode(
                    #"{"type":"\#(type)","sourceName":"App","start":"2025-05-01T08:00:00Z","value":3,"unit":"\#(unit)"}"#
                )
            } throws: { error in
                (error as? SampleDecoder.Failure)?.message.contains("unit '\(unit)' does not measure \(type)") == true
            }
        }
        for (type, unit) in [
            ("HKQuantityTypeIdentifierHeartRate", "count/s"), ("HKQuantityTypeIdentifierDietaryWater", "L"),
            ("HKQuantityTypeIdentifierHeadphoneAudioExposure", "dBASPL"), ("HKQuantityTypeIdentifierNewKind", "kg"),
            ("HKQuantityTypeIdentifierDistanceWalkingRunning", "mi"), ("HKQuantityTypeIdentifierDietarySugar", "g"),
            ("HKQuantityTypeIdentifierDistanceSwimming", "yd"),
        ] {
            _ = try decode(
                #"{"type":"\#(type)","sourceName":"App","start":"2025-05-01T08:00:00Z","value":3,"unit":"\#(unit)"}"#)
        }
    }

    @Test("Body mass sent as a quantity is a weight, in kilograms")
    func bodyMassIsWeight() throws {
        let record = try decode(
            #"{"type":"HKQuantityTypeIdentifierBodyMass","kind":"quantity","sourceName":"Scale","start":"2025-05-01T08:00:00Z","value":154.765,"unit":"lb"}"#
        )
        guard case .weight(let sample) = record else {
            Issue.record("not a weight: \(record)")
            return
        }
        #expect(abs(sample.kilograms - 70.2) < 0.001)
    }
}
#endif
