import HealthFixtures
import Testing

@testable import HealthCore

@Suite struct SHA1Tests {
    /// `count` bytes of a fixed pattern, so that every length tests different content.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    }

    static func hex(_ words: (UInt32, UInt32, UInt32, UInt32, UInt32)) -> String {
        [words.0, words.1, words.2, words.3, words.4].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }

    /// Digests of ``pattern(_:)`` from another SHA-1 implementation, at the lengths where the
    /// padding changes: one block or two for the tail (55/56), whole blocks (63/64/65), and names
    /// longer than any record's.
    static let known: [(Int, String)] = [
        (0, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        (1, "5d1be7e9dda1ee8896be5b7e34a85ee16452a7b4"),
        (55, "749bbefb28edc4638b28b2b9a9e03ab9a4032b90"),
        (56, "a5b6e9c29d201c774753ff8e7fb64931656f5e63"),
        (63, "d1a454409359fc372b4d22b3cea6488d6ba1be00"),
        (64, "39a0d8b645ad85f1f976731ed112ac9455e28b78"),
        (65, "d0c96e18890114a14716e9686528d2e3fdba8d9e"),
        (119, "562ecf8a430f8e1056e3619bae33628e9a1d0a4e"),
        (120, "353f6d2bf0e91aa91b74a2e0b3f297510f7d825f"),
        (127, "bebc42d2d3d1e5fb8ad8895c2dcef2d68a6c279a"),
        (128, "0060f2a7e34b6e4d459f560197ef93243732a400"),
        (200, "9194d8145e556594766df1e7699e2dfda424d1ee"),
        (256, "4408d62c2a3b36fd719686a008d3c873b7e89ff2"),
    ]

    @Test("The portable SHA-1 gives the known digests across block boundaries", arguments: known)
    func software(length: Int, expected: String) {
        #expect(Self.pattern(length).withUnsafeBytes { Self.hex(SHA1.softwareDigest($0)) } == expected)
    }

    @Test("The SHA-1 in use gives the known digests across block boundaries", arguments: known)
    func inUse(length: Int, expected: String) {
        #expect(Self.pattern(length).withUnsafeBytes { Self.hex(SHA1.digest($0)) } == expected)
    }

    @Test("The SHA-extension SHA-1 gives the known digests", .enabled(if: SHA1.usesHardware), arguments: known)
    func hardware(length: Int, expected: String) {
        #expect(Self.pattern(length).withUnsafeBytes { Self.hex(SHA1.hardwareDigest($0)) } == expected)
    }

    @Test("FIPS 180 examples")
    func fipsExamples() {
        let abc = Array("abc".utf8)
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(abc.withUnsafeBytes { Self.hex(SHA1.digest($0)) } == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(twoBlocks.withUnsafeBytes { Self.hex(SHA1.digest($0)) } == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test(
        "The SHA-extension and portable paths agree at every length up to 300 and at every offset",
        .enabled(if: SHA1.usesHardware))
    func pathsAgree() {
        let bytes = Self.pattern(320)
        bytes.withUnsafeBytes { all in
            for length in 0...300 {
                for offset in [0, 1, 3, 13] {
                    let input = UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)])
                    #expect(Self.hex(SHA1.hardwareDigest(input)) == Self.hex(SHA1.softwareDigest(input)))
                }
            }
        }
    }
}
