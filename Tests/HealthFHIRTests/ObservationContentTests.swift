import HealthExport
import Testing

@testable import HealthFHIR

@Suite struct ObservationContentTests {
    private let header = SampleHeader(
        type: "HKQuantityTypeIdentifierHeartRate", sourceName: "Watch",
        startDate: ExportTimestamp(secondsSince1970: 1_700_000_000, offsetMinutes: 60),
        endDate: ExportTimestamp(secondsSince1970: 1_700_000_000, offsetMinutes: 60))

    @Test("A heart rate takes its LOINC code and UCUM unit")
    func heartRate() {
        let content = ObservationContent(QuantitySample(header: header, value: 62, unit: "count/min"))
        #expect(content.code?.code == "8867-4")
        #expect(content.value == .quantity(FHIRQuantity(value: 62, unit: .beatsPerMinute)))
    }

    @Test("A value whose unit does not fit the LOINC code keeps the HealthKit code and unit")
    func unconvertible() {
        let content = ObservationContent(QuantitySample(header: header, value: 62, unit: "Hz"))
        #expect(content.code == nil)
        #expect(content.value == .quantity(FHIRQuantity(value: 62, unit: UCUMUnit(display: "Hz", code: "Hz"))))
    }

    @Test("A value that is text keeps only the HealthKit code: a vital sign's LOINC code needs a quantity")
    func text() {
        let content = ObservationContent(
            QuantitySample(header: header, value: nil, unit: "count/min", valueText: "72,5"))
        #expect(content.code == nil)
        #expect(content.value == .text("72,5"))
        let absent = ObservationContent(QuantitySample(header: header, value: nil, unit: "count/min"))
        #expect(absent.code?.code == "8867-4")
        #expect(absent.value == .absent)
    }

    @Test("A weight written in stones is in kg without the conversion's binary noise")
    func stones() {
        let weighing = SampleHeader(
            type: "HKQuantityTypeIdentifierBodyMass", sourceName: "Scale", startDate: header.startDate,
            endDate: header.endDate)
        let content = ObservationContent(
            WeightSample(header: weighing, kilograms: 10 * 6.350_293_18, value: 10, unit: "st"))
        #expect(content.code?.code == "29463-7")
        #expect(content.value == .quantity(FHIRQuantity(value: 63.502_931_8, unit: .kilograms)))
    }

    @Test("An iOS 8 aggregate without a value takes its average")
    func average() {
        let sample = QuantitySample(
            header: header, value: nil, unit: "count/s",
            metadata: [MetadataEntry(key: "min", value: "1"), MetadataEntry(key: "average", value: "1.2")])
        #expect(ObservationContent(sample).value == .quantity(FHIRQuantity(value: 72, unit: .beatsPerMinute)))
    }

    @Test("Types without a LOINC code keep their HealthKit identifier, percent fractions as percentages")
    func healthKitCode() {
        var header = header
        header.type = "HKQuantityTypeIdentifierWalkingAsymmetryPercentage"
        let content = ObservationContent(QuantitySample(header: header, value: 0.05, unit: "%"))
        #expect(content.code == nil)
        #expect(content.type == "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
        #expect(content.value == .quantity(FHIRQuantity(value: 5, unit: .percent)))
    }
}
