import Testing

@testable import HealthExport

@Suite("Converting values to base units")
struct UnitConversionTests {
    @Test(
        "A unit's factor gives exactly the base value toBase gives; degF and K have none",
        arguments: Array(UnitConversion.linear.keys) + ["count/min", "%", "degC", "ms", "", "degF", "K"])
    func factorMatchesToBase(unit: String) {
        let factor = UnitConversion.factor(toBase: unit)
        #expect((factor == nil) == (unit == "degF" || unit == "K"))
        for value in [0, -0.0, 1, 72.5, 98.6, 1e-9, 123_456.789, -40, .nan] {
            let expected = UnitConversion.toBase(value, unit: unit).value
            let converted = factor.map { value * $0 } ?? expected
            #expect(converted.bitPattern == expected.bitPattern, "\(value) \(unit)")
        }
    }

    @Test("No unit: the value as it is")
    func noUnit() {
        #expect(UnitConversion.factor(toBase: nil) == 1)
        #expect(UnitConversion.toBase(72.5, unit: nil).value == 72.5)
    }
}
