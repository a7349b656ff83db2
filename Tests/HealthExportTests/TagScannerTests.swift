import HealthFixtures
import Testing

@testable import HealthExport

/// The mending of attribute names in exports without a DTD reads plain attributes whole; it
/// must mend exactly what reading every byte through its states mends, wherever chunks end.
@Suite struct TagScannerTests {
    /// `bytes` mended in chunks of `chunk` bytes, each chunk after what the one before held back.
    func mended(_ bytes: [UInt8], chunk: Int, whole: Bool) -> [UInt8] {
        var scanner = TagScanner()
        scanner.readsPlainAttributesWhole = whole
        var output: [UInt8] = []
        var carry: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(offset + chunk, bytes.count)
            var buffer = carry + bytes[offset..<end]
            offset = end
            let final = offset == bytes.count
            let ready = buffer.withUnsafeMutableBytes { scanner.repair($0, final: final) }
            output += buffer[..<ready]
            carry = Array(buffer[ready...])
        } while offset < bytes.count
        return output + carry
    }

    /// Text made of the bytes that steer the states, with names, values and spaces of any length.
    func markup(_ generator: inout SplitMix, length: Int) -> [UInt8] {
        let pieces = [
            "<", ">", "/", "=", "\"", "'", " ", "  ", "\n", "\t", "!", "-", "?", "a", "bc", "Health Mate", "x=\"1\"",
            " k='v'", "<Record ", "/>", "<!--", "-->", "\u{7}", "é",
        ]
        var bytes: [UInt8] = []
        while bytes.count < length { bytes += Array(pieces.randomElement(using: &generator)!.utf8) }
        return bytes
    }

    @Test("Random markup is mended the same with plain attributes read whole or byte by byte")
    func sameAsByteByByte() {
        var generator = SplitMix(seed: 20_261_207)
        var mending = 0
        for _ in 0..<3_000 {
            let bytes = markup(&generator, length: Int.random(in: 1...300, using: &generator))
            let chunk = Int.random(in: 1...64, using: &generator)
            let reference = mended(bytes, chunk: chunk, whole: false)
            #expect(reference.count == bytes.count)
            let whole = mended(bytes, chunk: chunk, whole: true)
            #expect(
                String(decoding: whole, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
                "chunks of \(chunk)")
            if reference != bytes { mending += 1 }
        }
        // The markup must hold names to mend, or the comparison proves little.
        #expect(mending > 500)
    }
}
