/// A record's stable identity: an RFC 4122 version-5 UUID derived from the record's content.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible, BitwiseCopyable {
    /// The UUID's 16 bytes, big-endian, as two words.
    public var high: UInt64
    /// The low 8 bytes.
    public var low: UInt64

    /// This project's namespace for name-based UUIDs (itself a version-5 UUID of "healthimport" in the URL namespace).
    static let namespace: [UInt8] = [
        0x6f, 0x1c, 0x3e, 0x2a, 0x8d, 0x4b, 0x5e, 0x1f, 0x9a, 0x27, 0x3c, 0x51, 0x7e, 0x0b, 0xd4, 0x62,
    ]

    /// Creates an ID from its two words.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The version-5 UUID of a name whose bytes follow this project's ``namespace`` in `namespacedName`.
    init(namespacedName: UnsafeRawBufferPointer) {
        let digest = SHA1.digest(namespacedName)
        var high = UInt64(digest.0) << 32 | UInt64(digest.1)
        var low = UInt64(digest.2) << 32 | UInt64(digest.3)
        high = (high & ~0xF000) | 0x5000
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        self.init(high: high, low: low)
    }

    /// The version-5 UUID of `name` in this project's namespace.
    public init(name: String) {
        var input = Self.namespace
        input.append(contentsOf: name.utf8)
        self = input.withUnsafeBytes { RecordID(namespacedName: $0) }
    }

    /// Parses `6F1C3E2A-8D4B-5E1F-9A27-3C517E0BD462` (either case).
    public init?(_ text: String) {
        var nibbles: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(byte - 55)
            default: return nil
            }
        }
        guard nibbles.count == 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for i in 0..<16 { high = high << 4 | UInt64(nibbles[i]) }
        for i in 16..<32 { low = low << 4 | UInt64(nibbles[i]) }
        self.init(high: high, low: low)
    }

    /// Parses the 36 bytes of the canonical form (either case), without allocating.
    ///
    /// The deletion scan parses every stored record's ID once per run: a table look-up per
    /// digit, no branch on the digit's range.
    public init?(utf8 text: UnsafeRawBufferPointer) {
        let dash = UInt8(ascii: "-")
        guard text.count == 36, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else {
            return nil
        }
        let parsed: (UInt64, UInt64)? = Self.hexValues.withUnsafeBufferPointer { table in
            var invalid: UInt8 = 0
            @inline(__always) func add(_ digits: Range<Int>, to value: inout UInt64) {
                for index in digits {
                    let digit = table[Int(text[index])]
                    invalid |= digit
                    value = value << 4 | UInt64(digit & 0x0F)
                }
            }
            var high: UInt64 = 0
            var low: UInt64 = 0
            add(0..<8, to: &high)
            add(9..<13, to: &high)
            add(14..<18, to: &high)
            add(19..<23, to: &low)
            add(24..<36, to: &low)
            return invalid & 0x80 == 0 ? (high, low) : nil
        }
        guard let (high, low) = parsed else { return nil }
        self.init(high: high, low: low)
    }

    /// Each byte's value as a hexadecimal digit, or 0x80 for a byte that is not one.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0x80
        }
    }

    /// Feeds the first eight bytes only: they are already uniformly distributed (SHA-1 output,
    /// but for the four version bits), so hashing the rest would only cost time.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// The canonical uppercase form, `6F1C3E2A-8D4B-5E1F-9A27-3C517E0BD462`.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the canonical form to `bytes`.
    public func append(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
            write(into: buffer.baseAddress!)
            bytes.append(contentsOf: buffer)
        }
    }

    /// Writes the 36 bytes of the canonical form at `out`.
    public func write(into out: UnsafeMutablePointer<UInt8>) {
        // Eight digits at a time (the dashes after the 4th, 6th, 8th and 10th byte): a store
        // writes each record's UUID, often twice, and a table look-up per byte showed on the
        // writer's thread.
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), as: UInt64.self)
        withUnsafeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high))) { digits in
            (raw + 9).copyMemory(from: digits.baseAddress!, byteCount: 4)
            (raw + 14).copyMemory(from: digits.baseAddress! + 4, byteCount: 4)
        }
        withUnsafeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32))) { digits in
            (raw + 19).copyMemory(from: digits.baseAddress!, byteCount: 4)
            (raw + 24).copyMemory(from: digits.baseAddress! + 4, byteCount: 4)
        }
        (raw + 28).storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low)), as: UInt64.self)
        out[8] = UInt8(ascii: "-")
        out[13] = UInt8(ascii: "-")
        out[18] = UInt8(ascii: "-")
        out[23] = UInt8(ascii: "-")
    }

    /// The eight uppercase hex digits of `value`, most significant first, as the bytes of the
    /// integer returned lie in memory.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        // Each nibble to a byte of its own, the lowest nibble in the lowest byte.
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // 0...9 to "0"..."9", 10...15 to "A"..."F": a nibble over 9 carries into bit 4 when 6 is added.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let digits = nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 7
        return digits.bigEndian
    }
}
