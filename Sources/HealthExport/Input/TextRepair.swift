/// Mends the characters XML cannot take, in place and keeping every byte's position:
/// C0 control characters XML 1.0 forbids become spaces, and each byte of a sequence that is
/// not UTF-8 becomes `?`, so that libxml2 neither stops at them nor shifts its line and
/// column numbers. The bytes are scanned 32 at a time, then eight at a time, jumping straight
/// to the first control character or non-ASCII byte of a word.
struct TextRepair {
    /// The byte that stands in for each byte of a sequence that is not UTF-8.
    static let replacement = UInt8(ascii: "?")

    /// Whether invalid UTF-8 is repaired: not when the export declares another encoding.
    var repairsUTF8 = true
    /// Forbidden control characters replaced so far.
    private(set) var controlCharacters = 0
    /// Bytes of invalid UTF-8 replaced so far.
    private(set) var invalidUTF8Bytes = 0
    /// U+FFFE and U+FFFF seen so far: valid UTF-8, left as they are, but not XML characters.
    private(set) var nonCharacters = 0

    /// Repairs `bytes`; returns how many leading bytes are final. When `final` is false, a
    /// UTF-8 sequence cut by the end of `bytes` (at most three bytes) is left for the caller
    /// to hand in again at the front of the next bytes.
    mutating func repair(_ bytes: UnsafeMutableRawBufferPointer, final: Bool) -> Int {
        let count = bytes.count
        let highBits: UInt64 = repairsUTF8 ? 0x8080_8080_8080_8080 : 0
        // Without UTF-8 to repair, only 0xFF among the high bytes is looked at (and left as is).
        let high = SIMD16<UInt8>(repeating: repairsUTF8 ? 0x80 : 0xFF)
        var index = 0
        while index < count {
            while index + 32 <= count, !Self.anyNeedsLook(bytes, at: index, high) { index += 32 }
            if index == count { break }
            if index + 8 <= count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let look = Self.needsLook(word, highBits)
                if look == 0 {
                    index += 8
                    continue
                }
                // The lowest flagged byte is always one to look at (borrows only run upward).
                index += look.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    bytes[index] = 0x20
                    controlCharacters += 1
                }
                index += 1
            } else if byte < 0x80 || !repairsUTF8 {
                index += 1
            } else {
                let (valid, length) = Self.sequence(bytes, at: index)
                if valid {
                    if byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { nonCharacters += 1 }
                    index += length
                } else if index + length == count && !final {
                    // Possibly the start of a character the next bytes complete.
                    return index
                } else {
                    for offset in 0..<length { bytes[index + offset] = Self.replacement }
                    invalidUTF8Bytes += length
                    index += length
                }
            }
        }
        return count
    }

    /// Whether some of the 32 bytes at `index` is below 0x20 or at least `high`: sixteen
    /// bytes per compare, for the long runs of plain ASCII an export is made of.
    @inline(__always)
    static func anyNeedsLook(_ bytes: UnsafeMutableRawBufferPointer, at index: Int, _ high: SIMD16<UInt8>) -> Bool {
        let space = SIMD16<UInt8>(repeating: 0x20)
        let first = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        let second = bytes.loadUnaligned(fromByteOffset: index + 16, as: SIMD16<UInt8>.self)
        return any((first .< space) .| (first .>= high) .| (second .< space) .| (second .>= high))
    }

    /// Non-zero when some byte of `word` is below 0x20, or has a bit of `highBits` set.
    @inline(__always)
    static func needsLook(_ word: UInt64, _ highBits: UInt64) -> UInt64 {
        ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080) | (word & highBits)
    }

    /// The UTF-8 sequence starting at `index` (a byte of 0x80 or above): whether it is valid,
    /// and its length; for an invalid one, the length of its longest valid beginning (at least 1).
    static func sequence(_ bytes: UnsafeMutableRawBufferPointer, at index: Int) -> (valid: Bool, length: Int) {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return (false, 1)
        }
        var offset = 1
        while offset < length {
            guard index + offset < bytes.count else { return (false, offset) }
            let byte = bytes[index + offset]
            guard byte >= low, byte <= high else { return (false, offset) }
            (low, high) = (0x80, 0xBF)
            offset += 1
        }
        return (true, length)
    }
}
