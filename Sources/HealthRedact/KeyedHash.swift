import CLibCrypto

/// Replaces identifiers by keyed hashes: HMAC-SHA256 of the identifier's bytes under a secret
/// drawn for each run, truncated. The same identifier gets the same replacement within a run,
/// so what was equal stays equal; without the secret, which is never written, the replacement
/// cannot be traced back, nor matched across two runs.
public struct KeyedHash: Sendable {
    private let key: [UInt8]

    /// A hash under `key`.
    public init(key: [UInt8]) {
        self.key = key
    }

    /// A hash under 32 bytes from the system's secure random generator.
    public static func random() -> KeyedHash {
        var generator = SystemRandomNumberGenerator()
        return KeyedHash(key: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The full HMAC-SHA256 of `bytes`.
    func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        key.withUnsafeBytes { keyBytes in
            output.withUnsafeMutableBufferPointer { out in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, out.baseAddress, &length)
            }
        }
        return output
    }

    /// The replacement for `bytes`: a UUID-shaped one for a UUID (the case of its letters kept),
    /// 16 hexadecimal digits for anything else.
    public func replacement(for bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let hash = digest(bytes)
        if Self.isUUID(bytes) {
            let upper = bytes.contains { $0 >= 0x41 && $0 <= 0x46 }
            var out: [UInt8] = []
            out.reserveCapacity(36)
            for (index, byte) in hash[..<16].enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(0x2D) }
                Self.appendHex(byte, upper: upper, to: &out)
            }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        for byte in hash[..<8] { Self.appendHex(byte, upper: false, to: &out) }
        return out
    }

    /// The replacement for `bytes`.
    public func replacement(for bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { replacement(for: $0) }
    }

    /// Whether `bytes` is `8-4-4-4-12` hexadecimal digits.
    static func isUUID(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == 0x2D else { return false }
            } else {
                guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    private static func appendHex(_ byte: UInt8, upper: Bool, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef0123456789ABCDEF"
        let base = upper ? 16 : 0
        digits.withUTF8Buffer { table in
            out.append(table[base + Int(byte >> 4)])
            out.append(table[base + Int(byte & 0x0F)])
        }
    }
}
