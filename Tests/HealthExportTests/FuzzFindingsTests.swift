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
}
