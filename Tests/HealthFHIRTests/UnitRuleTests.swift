import Testing

@testable import HealthFHIR

@Suite struct UnitRuleTests {
    @Test("HealthKit's percent fractions become percentages without binary noise")
    func percent() throws {
        let quantity = try #require(UnitRule.percent.convert(0.29, unit: "%"))
        #expect(quantity.value == 29)
        #expect(quantity.unit == UCUMUnit(display: "%", code: "%"))
        #expect(UnitRule.percent.convert(29, unit: "count") == nil)
    }

    @Test("Body weight in pounds and stones becomes kilograms")
    func weight() throws {
        #expect(UnitRule.kilograms.convert(154.3, unit: "lb")?.value == 69.989302691)
        #expect(UnitRule.kilograms.convert(11, unit: "st")?.value == 69.85322498)
        #expect(UnitRule.kilograms.convert(70, unit: "count") == nil)
    }

    @Test("Height in feet and inches becomes centimetres")
    func height() throws {
        #expect(UnitRule.centimeters.convert(70, unit: "in")?.value == 177.8)
        #expect(UnitRule.centimeters.convert(1.78, unit: "m")?.value == 178)
    }

    @Test("Temperatures in Fahrenheit become Celsius")
    func temperature() throws {
        #expect(UnitRule.celsius.convert(98.6, unit: "degF")?.value == 37)
        #expect(UnitRule.celsius.convert(36.6, unit: "degC")?.value == 36.6)
    }

    @Test("Blood glucose in mmol/L, with or without HealthKit's molar mass, becomes mg/dL")
    func glucose() throws {
        #expect(UnitRule.glucose.convert(5.5, unit: "mmol<180.15588000005408>/L")?.value == 99.085734)
        #expect(UnitRule.glucose.convert(5.5, unit: "mmol/L")?.value == 99.085734)
        #expect(UnitRule.glucose.convert(99, unit: "mg/dL")?.value == 99)
        #expect(UnitRule.glucose.convert(99, unit: "mmol<x>/L") == nil)
    }

    @Test("Counts per second become counts per minute")
    func perMinute() throws {
        let quantity = try #require(UnitRule.perMinute(.beatsPerMinute).convert(1.05, unit: "count/s"))
        #expect(quantity.value == 63)
        #expect(quantity.unit.code == "/min")
    }
}
