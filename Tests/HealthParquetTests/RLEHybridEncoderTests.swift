import HealthFixtures
import Testing

@testable import HealthParquet

@Suite("RLE/bit-packed hybrid encoding")
struct RLEHybridEncoderTests {
    @Test("eight equal values or more make one RLE run")
    func rleRun() {
        #expect(encode(Array(repeating: 5, count: 8), bitWidth: 3) == [0x10, 0x05])
        #expect(encode(Array(repeating: 300, count: 100), bitWidth: 9) == [0xC8, 0x01, 0x2C, 0x01])
    }

    @Test("values 0 to 7 at 3 bits pack as in the format's own example")
    func bitPacked() {
        #expect(encode([0, 1, 2, 3, 4, 5, 6, 7], bitWidth: 3) == [0x03, 0x88, 0xC6, 0xFA])
    }

    @Test("bit widths are the smallest that hold the largest value")
    func widths() {
        #expect(RLEHybridEncoder.bitWidth(of: 0) == 0)
        #expect(RLEHybridEncoder.bitWidth(of: 1) == 1)
        #expect(RLEHybridEncoder.bitWidth(of: 7) == 3)
        #expect(RLEHybridEncoder.bitWidth(of: 8) == 4)
    }

    @Test("mixed runs and literals decode to the values", arguments: [1, 2, 5, 13, 32])
    func roundTrip(bitWidth: Int) {
        var generator = SplitMix(seed: UInt64(bitWidth))
        let maximum = bitWidth == 32 ? UInt32.max : (1 << UInt32(bitWidth)) - 1
        var values: [UInt32] = []
        while values.count < 5_000 {
            let value = UInt32(truncatingIfNeeded: generator.next()) & maximum
            let repeats = generator.next() % 4 == 0 ? Int(generator.next() % 40) : 1
            values += Array(repeating: value, count: repeats)
        }
        let encoded = encode(values, bitWidth: bitWidth)
        #expect(decode(encoded, bitWidth: bitWidth, count: values.count) == values)
    }

    @Test("definition levels carry their length in four little-endian bytes")
    func levels() {
        var out: [UInt8] = []
        [UInt32](repeating: 1, count: 10).withUnsafeBufferPointer { RLEHybridEncoder.encodeLevels($0, to: &out) }
        #expect(out == [2, 0, 0, 0, 0x14, 0x01])
    }

    private func encode(_ values: [UInt32], bitWidth: Int) -> [UInt8] {
        var out: [UInt8] = []
        values.withUnsafeBufferPointer { RLEHybridEncoder.encode($0, bitWidth: bitWidth, to: &out) }
        return out
    }

    /// A decoder written from the format's description, independent of the encoder.
    private func decode(_ bytes: [UInt8], bitWidth: Int, count: Int) -> [UInt32] {
        var values: [UInt32] = []
        var position = 0
        func varint() -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[position]
                position += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
        }
        while values.count < count {
            let header = varint()
            if header & 1 == 0 {
                var value: UInt32 = 0
                for byte in 0..<((bitWidth + 7) / 8) {
                    value |= UInt32(bytes[position]) << (8 * UInt32(byte))
                    position += 1
                }
                values += Array(repeating: value, count: Int(header >> 1))
            } else {
                let total = Int(header >> 1) * 8
                var bitOffset = 0
                for _ in 0..<total {
                    var value: UInt64 = 0
                    for bit in 0..<bitWidth {
                        let absolute = bitOffset + bit
                        let set = (bytes[position + absolute / 8] >> UInt8(absolute % 8)) & 1
                        value |= UInt64(set) << UInt64(bit)
                    }
                    bitOffset += bitWidth
                    values.append(UInt32(value))
                }
                position += total * bitWidth / 8
            }
        }
        return Array(values.prefix(count))
    }
}
