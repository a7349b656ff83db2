import HealthExport
import Testing

@Suite struct TimestampTextTests {
    @Test("Timestamps are written as ExportTimestamp writes them, whatever came before")
    func timestampText() {
        var text = TimestampText()
        let instants: [Int64] = [
            0, -1, -86_400, -86_401, 59, 86_399, 86_400, 951_782_400, 1_717_228_799, 253_402_300_799,
        ]
        let offsets: [Int32] = [0, 120, -300, 330, -570, 840, -720]
        var buffer = [UInt8](repeating: 0, count: ExportTimestamp.maximumISO8601Length)
        for instant in instants {
            for offset in offsets {
                for step: Int64 in [0, 1, 3_600, 86_399] {
                    let value = ExportTimestamp(secondsSince1970: instant + step, offsetMinutes: offset)
                    let count = buffer.withUnsafeMutableBufferPointer { text.write(value, into: $0.baseAddress!) }
                    #expect(String(decoding: buffer[..<count], as: UTF8.self) == value.iso8601)
                }
            }
        }
    }
}
