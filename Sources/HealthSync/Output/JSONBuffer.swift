import HealthExport

/// Writes JSON into a byte buffer with keys in the order they are written: deterministic bytes, no `Encoder`.
public struct JSONBuffer {
    /// The bytes written so far.
    public var bytes: [UInt8] = []
    private var needsComma = false

    /// Creates an empty buffer.
    public init() {
        bytes.reserveCapacity(1 << 16)
    }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Ends a JSON line.
    public mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    /// Writes `"key":`; the value written next belongs to it.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes a key that is not known at compile time (metadata keys).
    public mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: bytes.append(0x22)
        case 0x5C: bytes.append(0x5C)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30])
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    /// Writes a number; integral values without a fraction, non-finite ones as `null`.
    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            integerDigits(Int64(value))
        } else if value.isFinite {
            bytes.append(contentsOf: value.description.utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        needsComma = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        integerDigits(Int64(value))
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes an instant as an ISO 8601 string with its written offset.
    public mutating func timestamp(_ value: ExportTimestamp) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        value.appendISO8601(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes an instant given in milliseconds, with fractional seconds.
    public mutating func timestamp(milliseconds: Int64, offsetMinutes: Int32) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let millis = Int(milliseconds - seconds * 1000)
        var text: [UInt8] = []
        ExportTimestamp(secondsSince1970: seconds, offsetMinutes: offsetMinutes).appendISO8601(to: &text)
        bytes.append(contentsOf: text[..<19])
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(48 + millis / 100))
        bytes.append(UInt8(48 + millis / 10 % 10))
        bytes.append(UInt8(48 + millis % 10))
        bytes.append(contentsOf: text[19...])
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func uuid(_ id: RecordID) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        id.append(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func integerDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(48 + magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}

extension JSONBuffer {
    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    public mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    public mutating func field(_ name: StaticString, _ value: ExportTimestamp?) {
        guard let value else { return }
        key(name)
        timestamp(value)
    }
}
