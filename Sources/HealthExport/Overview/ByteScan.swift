#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches over raw memory, eight bytes at a time where libc has nothing better.
///
/// The word tests are the one place the project keeps the trick of testing eight bytes with a
/// few integer operations; the JSON encoder uses them too.
package enum ByteScan {
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` that is not an ASCII letter, and no other bit (no
    /// carry between bytes: each sum stays below 0x100).
    @inline(__always)
    static func nonLetterBytes(_ word: UInt64) -> UInt64 {
        let folded = (word | 0x2020_2020_2020_2020) & low7
        let fromA = folded &+ 0x1F1F_1F1F_1F1F_1F1F
        let pastZ = folded &+ 0x0505_0505_0505_0505
        return ~(fromA & ~pastZ & ~word) & 0x8080_8080_8080_8080
    }

    /// Whether a byte of `word` is below `limit` (at most 0x80). Exact for the answer, though
    /// not for which byte: a borrow only starts at a byte that is below `limit`.
    @inlinable @inline(__always)
    package static func anyByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Whether a byte of `word` is `byte`.
    @inlinable @inline(__always)
    package static func anyByte(equalTo byte: UInt8, in word: UInt64) -> Bool {
        anyByte(below: 1, in: word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
    }

    /// The first `byte` in `count` bytes at `start`, as an offset.
    @inline(__always)
    static func find(_ byte: UInt8, _ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        guard count > 0, let hit = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(start)
    }

    /// How many of the `count` bytes at `start` continue a UTF-8 sequence, eight at a time.
    static func continuationBytes(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var total = 0
        var index = 0
        let raw = UnsafeRawPointer(start)
        while index + 8 <= count {
            // A continuation byte is 10xxxxxx: its top bit set and the next one clear.
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            total += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < count {
            if start[index] & 0xC0 == 0x80 { total += 1 }
            index += 1
        }
        return total
    }

    /// What an attribute value holds that a plain copy of its bytes would get wrong.
    struct ValueFlags: OptionSet {
        let rawValue: UInt8
        /// `<`: not allowed in a value.
        static let lessThan = ValueFlags(rawValue: 1)
        /// `&`: an entity or character reference to resolve.
        static let ampersand = ValueFlags(rawValue: 2)
        /// Tab, line feed or carriage return: XML reads each as a space.
        static let whitespace = ValueFlags(rawValue: 4)
        /// Another control character or a byte beyond ASCII: its characters need checking.
        static let other = ValueFlags(rawValue: 8)
    }

    /// Whether any of the `count` bytes at `start` is a `<`, a `&` or a control character:
    /// a start tag without one holds plain values on one line. 32 bytes per step.
    @inline(__always)
    static func hasSpecial(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 16 else {
            for index in 0..<count {
                let byte = start[index]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte < 0x20 { return true }
            }
            return false
        }
        let raw = UnsafeRawPointer(start)
        let lessThan = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
        let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        let space = SIMD16<UInt8>(repeating: 0x20)
        var index = 0
        while index &+ 32 <= count {
            let first = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let second = raw.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self)
            if any(
                (first .== lessThan) .| (first .== ampersand) .| (first .< space) .| (second .== lessThan)
                    .| (second .== ampersand) .| (second .< space))
            {
                return true
            }
            index &+= 32
        }
        // The last 16 bytes or fewer, in one block that may overlap bytes already checked.
        while index < count {
            let at = min(index, count &- 16)
            let block = raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
            if any((block .== lessThan) .| (block .== ampersand) .| (block .< space)) { return true }
            index = at &+ 16
        }
        return false
    }

    /// Whether any of the `count` bytes at `start` is beyond ASCII.
    @inline(__always)
    static func hasNonASCII(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        var high: UInt64 = 0
        let raw = UnsafeRawPointer(start)
        while index + 8 <= count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(start[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 != 0
    }

    /// The flags of the `count` bytes of a value at `start`.
    static func flags(_ start: UnsafePointer<UInt8>, _ count: Int) -> ValueFlags {
        var flags: ValueFlags = []
        var index = 0
        let raw = UnsafeRawPointer(start)
        while index < count {
            // Eight bytes at a time past those that set no flag, most of every value.
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0, !anyByte(below: 0x20, in: word),
                    !anyByte(equalTo: UInt8(ascii: "<"), in: word), !anyByte(equalTo: UInt8(ascii: "&"), in: word)
                {
                    index += 8
                    continue
                }
            }
            for at in index..<min(index + 8, count) {
                switch start[at] {
                case UInt8(ascii: "<"): flags.insert(.lessThan)
                case UInt8(ascii: "&"): flags.insert(.ampersand)
                case 0x09, 0x0A, 0x0D: flags.insert(.whitespace)
                case 0..<0x20, 0x80...: flags.insert(.other)
                default: break
                }
            }
            index += 8
        }
        return flags
    }

    /// Whether all `count` bytes at `start` are XML white space.
    @inline(__always)
    static func isWhitespace(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where !isSpace(start[index]) { return false }
        return true
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
