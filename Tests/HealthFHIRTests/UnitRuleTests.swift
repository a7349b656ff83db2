import Testing

@testable import HealthFHIR

@Suite struct UnitRuleTests {
    @Test("HealthKit's percent fractions become percentages without binary noise")
    func percent() throws {
        let quantity = try #require(UnitRule.percent.convert(0.29, unit: "%"))
        #expect(quantity.value == 29)
        #expect(quantity.unit.code == "%")
    }
}
