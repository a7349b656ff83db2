import HealthStatistics
import Testing

@Suite struct SourcePriorityTests {
    @Test("Apple Watch, then iPhone, then every other source alphabetically")
    func defaultOrder() {
        let priority = SourcePriority(sources: [
            StatisticsSource(name: "Zeta Steps"), StatisticsSource(name: "Accupedo"),
            StatisticsSource(name: "Jo’s iPhone", deviceModel: "iPhone"),
            StatisticsSource(name: "Jo’s Apple Watch", deviceModel: "Watch"),
        ])
        #expect(priority.orderedNames == ["Jo’s Apple Watch", "Jo’s iPhone", "Accupedo", "Zeta Steps"])
    }

    @Test("Without a device model the source name tells a Watch or an iPhone")
    func byName() {
        let priority = SourcePriority(sources: [
            StatisticsSource(name: "Accupedo"), StatisticsSource(name: "Jo’s iPhone"),
            StatisticsSource(name: "Jo’s Apple Watch"),
        ])
        #expect(priority.orderedNames == ["Jo’s Apple Watch", "Jo’s iPhone", "Accupedo"])
    }

    @Test("Preferred names come first in their order, the rest in the default order")
    func preferred() {
        let priority = SourcePriority(sources: Fixture.sources, preferred: ["Sleep Cycle", "Jo’s iPhone", "Nobody"])
        #expect(priority.orderedNames == ["Sleep Cycle", "Jo’s iPhone", "Jo’s Apple Watch", "Health", "Pedometer++"])
    }

    @Test("A hand-entered sample ranks above every source, even a preferred one")
    func handEntered() {
        let priority = SourcePriority(sources: Fixture.sources, preferred: ["Sleep Cycle"])
        let lowestByHand = priority.key(source: 2, userEntered: true)
        for source in Int32(0)..<5 { #expect(lowestByHand < priority.key(source: source, userEntered: false)) }
    }
}
