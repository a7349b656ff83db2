/// Sorts the 8-byte keys of ``RunSightings`` by their bytes, lowest first (a least significant
/// digit radix sort): the keys are hashes, spread evenly over every byte, which a comparison sort
/// orders at many times the cost of eight counting passes.
enum KeySort {
    /// Below this many keys the standard library's sort is as fast.
    static let smallCount = 256

    /// Sorts `keys` in ascending order.
    static func sort(_ keys: inout [UInt64]) {
        guard keys.count >= smallCount else { return keys.sort() }
        var other = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 256)
        keys.withUnsafeMutableBufferPointer { keys in
            other.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    var source = keys
                    var target = other
                    for shift in stride(from: UInt64(0), to: 64, by: 8) {
                        // A byte every key shares leaves the order as it is: the pass is skipped.
                        if pass(from: source, to: target, shift: shift, counts: counts) {
                            swap(&source, &target)
                        }
                    }
                    // Eight passes, each into the other buffer: the sorted keys end where they began
                    // unless a pass was skipped.
                    if source.baseAddress != keys.baseAddress {
                        _ = keys.update(fromContentsOf: source)
                    }
                }
            }
        }
    }

    /// Places `source`'s keys into `target` ordered by the byte at `shift`, keeping the order of
    /// equal bytes; returns `false`, moving nothing, when every key has the same byte there.
    private static func pass(
        from source: UnsafeMutableBufferPointer<UInt64>, to target: UnsafeMutableBufferPointer<UInt64>,
        shift: UInt64, counts: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        counts.update(repeating: 0)
        for key in source { counts[Int(truncatingIfNeeded: key &>> shift) & 0xFF] += 1 }
        if counts[Int(truncatingIfNeeded: source[0] &>> shift) & 0xFF] == source.count { return false }
        var offset = 0
        for digit in 0..<256 {
            let count = counts[digit]
            counts[digit] = offset
            offset += count
        }
        for key in source {
            let digit = Int(truncatingIfNeeded: key &>> shift) & 0xFF
            target[counts[digit]] = key
            counts[digit] += 1
        }
        return true
    }
}
