import HealthFixtures
import Testing

@testable import HealthCore

@Suite("Sorting the run's keys")
struct KeySortTests {
    /// A reproducible sequence of keys (SplitMix64).
    static func keys(count: Int, seed: UInt64) -> [UInt64] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in generator.next() }
    }

    @Test(
        "Keys come out in the standard library's order: hashes, repeats, bytes every key shares, few keys",
        arguments: [0, 1, 255, 256, 257, 5_000, 131_072])
    func sameOrderAsSort(count: Int) {
        let shapes: [[UInt64]] = [
            Self.keys(count: count, seed: 1),
            // Repeated keys, as a record read twice gives.
            Self.keys(count: count / 2, seed: 2).flatMap { [$0, $0] },
            // The high bytes shared by every key: those passes are skipped.
            Self.keys(count: count, seed: 3).map { $0 & 0xFFFF },
            // Only the lowest byte shared, and keys already in order.
            Self.keys(count: count, seed: 4).map { $0 & ~0xFF }.sorted(),
            Array(repeating: 42, count: count),
        ]
        for keys in shapes {
            var sorted = keys
            KeySort.sort(&sorted)
            #expect(sorted == keys.sorted())
        }
    }
}
