/// SHA-1 (FIPS 180-4), only as RFC 4122 name-based UUIDs (version 5) require it; not for security.
struct SHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )

    /// The digest of `bytes` as five big-endian words.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var hasher = SHA1()
        let length = bytes.count
        var offset = 0
        while offset + 64 <= length {
            hasher.compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
            offset += 64
        }
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            let remaining = length - offset
            for i in 0..<remaining { tail[i] = bytes[offset + i] }
            tail[remaining] = 0x80
            let blocks = remaining + 9 <= 64 ? 1 : 2
            let bitLength = UInt64(length) * 8
            for i in 0..<8 { tail[blocks * 64 - 1 - i] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i))) }
            for b in 0..<blocks {
                hasher.compress(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(tail)[b * 64..<b * 64 + 64]))
            }
        }
        return hasher.state
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            compress(block, schedule: w)
        }
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer, schedule w: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<16 {
            w[i] = UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16 | UInt32(block[i * 4 + 2]) << 8
                | UInt32(block[i * 4 + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = (x << 1) | (x >> 31)
        }
        var (a, b, c, d, e) = state
        for i in 0..<80 {
            let f: UInt32
            let k: UInt32
            switch i {
            case 0..<20:
                f = (b & c) | (~b & d)
                k = 0x5A82_7999
            case 20..<40:
                f = b ^ c ^ d
                k = 0x6ED9_EBA1
            case 40..<60:
                f = (b & c) | (b & d) | (c & d)
                k = 0x8F1B_BCDC
            default:
                f = b ^ c ^ d
                k = 0xCA62_C1D6
            }
            let temp = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ w[i]
            e = d
            d = c
            c = (b << 30) | (b >> 2)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
