import HealthFixtures
import Testing

@testable import HealthCore

@Suite struct DecimalDigitsTests {
    static func written(_ value: Int64) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maximumCount) { buffer in
            let end = buffer.baseAddress! + DecimalDigits.maximumCount
            let start = DecimalDigits.write(value, endingAt: end)
            return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
    }

    @Test("Integers are written as String(_:) writes them, at every digit count and both ends of Int64")
    func likeString() {
        var values: [Int64] = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 1_717_048_800, -60, Int64.max, Int64.min]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            values.append(Int64.random(in: Int64.min...Int64.max, using: &generator) >> Int64.random(in: 0..<63))
        }
        for value in values { #expect(Self.written(value) == String(value)) }
    }
}
