import HealthStatistics
import Testing

@Suite struct StatisticsUnitTests {
    @Test("Blood glucose in mmol/L is converted to mg/dL by the molar mass its unit names")
    func glucose() throws {
        let units = StatisticsUnits(
            type: "HKQuantityTypeIdentifierBloodGlucose", firstUnit: "mmol<180.1558800000541>/L")
        #expect(units.unit == "mg/dL")
        // 5.5 mmol/L × 180.15588 g/mol = 990.857 mg/L = 99.0857 mg/dL.
        #expect(close(try #require(units.convert(5.5, from: "mmol<180.1558800000541>/L")), 99.085_734))
        #expect(units.convert(99, from: "mg/dL") == 99)
    }

    @Test("Weight in kg, temperature in °C, distances in km, fractions in percent")
    func oneUnitPerType() throws {
        let weight = StatisticsUnits(type: "HKQuantityTypeIdentifierBodyMass", firstUnit: "lb")
        #expect(weight.unit == "kg")
        // 154.765 lb × 0.45359237 kg/lb = 70.200223 kg (the export rounds 70.2 kg to 154.765 lb).
        #expect(close(try #require(weight.convert(154.765, from: "lb")), 70.200_223_143))
        let temperature = StatisticsUnits(type: "HKQuantityTypeIdentifierBodyTemperature", firstUnit: "degF")
        // (98.6 − 32) × 5/9 = 37 °C.
        #expect(close(try #require(temperature.convert(98.6, from: "degF")), 37))
        let distance = StatisticsUnits(type: "HKQuantityTypeIdentifierDistanceWalkingRunning", firstUnit: "mi")
        #expect(distance.unit == "km")
        #expect(close(try #require(distance.convert(1, from: "mi")), 1.609_344))
        #expect(close(try #require(distance.convert(250, from: "m")), 0.25))
        let oxygen = StatisticsUnits(type: "HKQuantityTypeIdentifierOxygenSaturation", firstUnit: "%")
        #expect(oxygen.convert(0.97, from: "%") == 97)
        #expect(weight.convert(1, from: "count/min") == nil)
    }

    @Test("Beats and breaths written per second are counted per minute")
    func ratesPerSecond() throws {
        let heart = StatisticsUnits(type: "HKQuantityTypeIdentifierHeartRate", firstUnit: "count/s")
        #expect(heart.unit == "count/min")
        // 1.2 beats a second are 72 a minute.
        #expect(close(try #require(heart.convert(1.2, from: "count/s")), 72))
        let perMinute = try #require(heart.converter(from: "count/s"))
        #expect(close(perMinute(1.2), 72))
        #expect(heart.convert(64, from: "count/min") == 64)
        #expect(heart.convert(1, from: "count") == nil)
        #expect(heart.convert(1, from: "ms") == nil)
        let breaths = StatisticsUnits(type: "HKQuantityTypeIdentifierRespiratoryRate", firstUnit: "count/s")
        #expect(close(try #require(breaths.convert(0.25, from: "count/s")), 15))
    }

    @Test("Types are cumulative, discrete or sleep")
    func kinds() {
        #expect(StatisticsKind(type: "HKQuantityTypeIdentifierStepCount") == .cumulative)
        #expect(StatisticsKind(type: "HKQuantityTypeIdentifierDistanceCycling") == .cumulative)
        #expect(StatisticsKind(type: "HKQuantityTypeIdentifierDietaryProtein") == .cumulative)
        #expect(StatisticsKind(type: "HKQuantityTypeIdentifierHeartRate") == .discrete)
        #expect(StatisticsKind(type: "HKCategoryTypeIdentifierSleepAnalysis") == .sleep)
        #expect(StatisticsKind(type: "HKWorkoutTypeIdentifier") == nil)
    }
}
