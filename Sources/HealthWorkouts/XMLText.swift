/// An XML document built as bytes: markup as given, text and attribute values escaped, numbers
/// in fixed notation (XML Schema's `decimal` and `double` both read it; exponents are never written).
public struct XMLText: Sendable {
    /// The document so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty document.
    public init() {}

    /// Appends markup as is.
    public mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped, and control characters XML 1.0
    /// forbids replaced by spaces.
    public mutating func escaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\""): raw("&quot;")
            case UInt8(ascii: "'"): raw("&apos;")
            case 0x09, 0x0A, 0x0D: bytes.append(byte)
            case 0..<0x20: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
    }

    /// Appends `value` rounded to `decimals` places, without trailing zeros (`41.8893`, `180`).
    public mutating func number(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else {
            bytes.append(contentsOf: String(Int64(value.rounded())).utf8)
            return
        }
        var units = UInt64(scaled)
        if units != 0, value < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        bytes.append(contentsOf: String(units / divisor).utf8)
        units %= divisor
        guard units != 0 else { return }
        var fraction: [UInt8] = []
        for _ in 0..<decimals {
            divisor /= 10
            fraction.append(UInt8(ascii: "0") + UInt8(units / divisor))
            units %= divisor
        }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: fraction)
    }

    /// Appends a whole number.
    public mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends an instant in UTC, `2025-11-15T23:12:40Z`.
    public mutating func utc(_ secondsSince1970: Int64) {
        let timestamp = ExportTimestampUTC(secondsSince1970)
        timestamp.append(to: &bytes)
    }
}
