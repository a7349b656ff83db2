import HealthFixtures
import Testing

@testable import HealthCore

@Suite struct RecentValuesTests {
    /// The plain model: a dictionary and the order of arrival, forgetting the oldest when full.
    struct Model {
        var values: [RecordID: Double] = [:]
        var order: [RecordID] = []
        let limit: Int

        mutating func firstValue(for id: RecordID, remembering value: Double) -> Double? {
            if let first = values[id] { return first }
            if order.count == limit { values[order.removeFirst()] = nil }
            order.append(id)
            values[id] = value
            return nil
        }
    }

    /// A version-5 UUID whose slot bits are `slot`, so that runs and wrap-arounds are forced.
    static func id(_ serial: UInt64, slot: UInt64) -> RecordID {
        RecordID(high: 0x5000 | serial << 16, low: 0x8000_0000_0000_0000 | serial << 20 | slot)
    }

    @Test(
        "Remembers and forgets exactly as a dictionary with the order of arrival does",
        arguments: [1, 3, 8, 64])
    func likeTheModel(limit: Int) {
        var generator = SystemRandomNumberGenerator()
        var memory = RecentValues(limit: limit)
        var model = Model(limit: limit)
        for step in 0..<20_000 {
            // Few distinct names and few slot bits: hits, evictions and long runs all happen.
            let serial = UInt64.random(in: 0..<UInt64(limit * 3 + 2), using: &generator)
            let slot = serial % 5 == 0 ? 15 : serial & 0x7
            let value = Double(step)
            let id = Self.id(serial, slot: slot)
            #expect(memory.firstValue(for: id, remembering: value) == model.firstValue(for: id, remembering: value))
        }
    }

    @Test("A name seen again within the limit gives its first value; one pushed out is new again")
    func limitOfFour() {
        var memory = RecentValues(limit: 4)
        for serial in 0..<4 {
            #expect(memory.firstValue(for: Self.id(UInt64(serial), slot: 1), remembering: Double(serial)) == nil)
        }
        #expect(memory.firstValue(for: Self.id(0, slot: 1), remembering: 9) == 0)
        #expect(memory.firstValue(for: Self.id(4, slot: 1), remembering: 4) == nil)
        #expect(memory.firstValue(for: Self.id(0, slot: 1), remembering: 7) == nil)
        #expect(memory.firstValue(for: Self.id(3, slot: 1), remembering: 8) == 3)
    }
}
