import CSHA1

/// SHA-1 (FIPS 180-4), only as RFC 4122 name-based UUIDs (version 5) require it; not for security.
///
/// Written for short inputs on the per-record path: no allocations. On x86_64 processors with
/// the SHA extensions (SHA-NI) the blocks go through those instructions, in the `CSHA1` C target;
/// elsewhere (arm64, older x86_64, or under valgrind, which hides the extensions) through the
/// portable Swift in `SHA1+Software.swift`. Both give the same digest.
enum SHA1 {
    /// Whether ``digest(_:)`` uses the processor's SHA extensions, checked once.
    static let usesHardware = csha1_hardware_available() == 1

    /// The digest of `bytes` as five big-endian words.
    @inline(__always)
    static func digest(_ bytes: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        usesHardware ? hardwareDigest(bytes) : softwareDigest(bytes)
    }

    /// The digest of `bytes` through the SHA extensions. Call it only when ``usesHardware``.
    static func hardwareDigest(_ bytes: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { out in
            csha1_hardware_digest(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                out.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
        return words
    }
}
