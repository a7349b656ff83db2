import HealthFixtures
import Testing

@testable import HealthExport

/// Inputs the fuzz targets in `Fuzz/` found, kept so that they stay fixed.
@Suite struct FuzzFindingsTests {
    static func number(_ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBytes { NumberParser.parseDouble($0) }
    }

    @Test("A number with an exponent followed by a NUL byte and more is not a number (FuzzValues)")
    func numberWithNul() {
        #expect(Self.number(Array("1e201506160719".utf8) + [0, 0x13] + Array("19-".utf8)) == nil)
        #expect(Self.number(Array("1e5".utf8) + [0]) == nil)
        #expect(Self.number(Array("1e5".utf8)) == 100_000)
    }

    @Test("An attribute name shorter than the name looked for is not read past its end (FuzzRead)")
    func shortAttributeName() {
        // Allocated to the byte, as the end of libxml2's name pool was: AddressSanitizer (CI runs
        // these tests under it) reports any read past the NUL.
        for (name, literal, equal) in [
            ("appl", "appleMoveTime" as StaticString, false), ("appleMoveTime", "appleMoveTime", true),
            ("appleMoveTimeGoal", "appleMoveTime", false), ("", "type", false),
        ] {
            let bytes = Array(name.utf8) + [0]
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            defer { pointer.deallocate() }
            pointer.initialize(from: bytes, count: bytes.count)
            #expect(AttributeList.equal(pointer, literal) == equal, "\(name)")
        }
    }
}
