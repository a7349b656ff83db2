extension SHA1 {
    /// The digest of `bytes` as five big-endian words, computed in portable Swift: the path on
    /// processors without the SHA extensions, and the reference the accelerated path is tested
    /// against.
    static func softwareDigest(_ bytes: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
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

    /// One 64-byte block. The 80-word schedule is expanded up front and the rounds are plain
    /// loops over local variables (no nested function capturing them), which keeps the five
    /// working words in registers.
    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { buffer in
            let w = buffer.baseAddress!
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 16..<80 {
                w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1)
            }
            var a = state.0
            var b = state.1
            var c = state.2
            var d = state.3
            var e = state.4
            for i in 0..<20 {
                let temp = rotate(a, 5) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[i]
                e = d
                d = c
                c = rotate(b, 30)
                b = a
                a = temp
            }
            for i in 20..<40 {
                let temp = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[i]
                e = d
                d = c
                c = rotate(b, 30)
                b = a
                a = temp
            }
            for i in 40..<60 {
                let temp = rotate(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[i]
                e = d
                d = c
                c = rotate(b, 30)
                b = a
                a = temp
            }
            for i in 60..<80 {
                let temp = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[i]
                e = d
                d = c
                c = rotate(b, 30)
                b = a
                a = temp
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
