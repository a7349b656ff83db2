/// SHA-1 (FIPS 180-4), only as RFC 4122 name-based UUIDs (version 5) require it; not for security.
///
/// Written for short inputs on the per-record path: no allocations, a 16-word rolling schedule.
enum SHA1 {
    /// The digest of `bytes` as five big-endian words.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        let length = bytes.count
        var offset = 0
        while offset + 64 <= length {
            compress(&state, bytes.baseAddress! + offset)
            offset += 64
        }
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            let remaining = length - offset
            if remaining > 0 { tail.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: remaining) }
            tail[remaining] = 0x80
            let blocks = remaining + 9 <= 64 ? 1 : 2
            let bitLength = UInt64(length) * 8
            tail.storeBytes(of: bitLength.bigEndian, toByteOffset: blocks * 64 - 8, as: UInt64.self)
            for block in 0..<blocks { compress(&state, UnsafeRawPointer(tail.baseAddress!) + block * 64) }
        }
        return state
    }

    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
            let words = w.baseAddress!
            for i in 0..<16 {
                words[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            var (a, b, c, d, e) = state
            @inline(__always) func schedule(_ i: Int) -> UInt32 {
                if i < 16 { return words[i] }
                let x = words[(i - 3) & 15] ^ words[(i - 8) & 15] ^ words[(i - 14) & 15] ^ words[i & 15]
                let value = rotate(x, 1)
                words[i & 15] = value
                return value
            }
            @inline(__always) func step(_ f: UInt32, _ k: UInt32, _ i: Int) {
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ schedule(i)
                e = d
                d = c
                c = rotate(b, 30)
                b = a
                a = temp
            }
            for i in 0..<20 { step((b & c) | (~b & d), 0x5A82_7999, i) }
            for i in 20..<40 { step(b ^ c ^ d, 0x6ED9_EBA1, i) }
            for i in 40..<60 { step((b & c) | (b & d) | (c & d), 0x8F1B_BCDC, i) }
            for i in 60..<80 { step(b ^ c ^ d, 0xCA62_C1D6, i) }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
