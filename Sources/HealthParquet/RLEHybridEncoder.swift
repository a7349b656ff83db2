/// Parquet's RLE/bit-packed hybrid encoding of small unsigned integers: definition levels and
/// dictionary indices.
///
/// A run of 8 or more equal values becomes one RLE run (a header and the value once); anything
/// else goes into bit-packed runs of groups of 8 values, which must hold whole groups except
/// at the very end, where the last group is padded with zeros (the reader knows the count).
/// O(n) in the values.
enum RLEHybridEncoder {
    /// The smallest bit width that holds `maximum`.
    static func bitWidth(of maximum: UInt32) -> Int {
        maximum == 0 ? 0 : 32 - maximum.leadingZeroBitCount
    }

    /// Appends `values`, each below `1 << bitWidth`, encoded with `bitWidth` bits to `out`.
    static func encode(_ values: UnsafeBufferPointer<UInt32>, bitWidth: Int, to out: inout [UInt8]) {
        let count = values.count
        var index = 0
        while index < count {
            let run = runLength(values, at: index)
            if run >= 8 {
                appendRLERun(value: values[index], count: run, bitWidth: bitWidth, to: &out)
                index += run
                continue
            }
            var groups = 0
            var end = index
            repeat {
                groups += 1
                end += 8
            } while end < count && runLength(values, at: end) < 8
            appendBitPacked(values, from: index, groups: groups, bitWidth: bitWidth, to: &out)
            index = min(end, count)
        }
    }

    /// Encodes definition levels of an optional column (bit width 1) with data page v1's
    /// 4-byte little-endian length before them.
    static func encodeLevels(_ levels: UnsafeBufferPointer<UInt32>, to out: inout [UInt8]) {
        let lengthAt = out.count
        out.append(contentsOf: [0, 0, 0, 0])
        encode(levels, bitWidth: 1, to: &out)
        let length = UInt32(out.count - lengthAt - 4)
        for byte in 0..<4 { out[lengthAt + byte] = UInt8(truncatingIfNeeded: length >> (8 * byte)) }
    }

    private static func runLength(_ values: UnsafeBufferPointer<UInt32>, at start: Int) -> Int {
        let value = values[start]
        var end = start + 1
        while end < values.count && values[end] == value { end += 1 }
        return end - start
    }

    private static func appendRLERun(value: UInt32, count: Int, bitWidth: Int, to out: inout [UInt8]) {
        appendVarint(UInt64(count) << 1, to: &out)
        for byte in 0..<((bitWidth + 7) / 8) { out.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }

    private static func appendBitPacked(
        _ values: UnsafeBufferPointer<UInt32>, from start: Int, groups: Int, bitWidth: Int, to out: inout [UInt8]
    ) {
        appendVarint(UInt64(groups) << 1 | 1, to: &out)
        var accumulator: UInt64 = 0
        var bits = 0
        for position in start..<(start + groups * 8) {
            let value = position < values.count ? UInt64(values[position]) : 0
            accumulator |= value << bits
            bits += bitWidth
            while bits >= 8 {
                out.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }
        // groups * 8 * bitWidth is a whole number of bytes, so nothing is left over.
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        out.append(UInt8(remaining))
    }
}
