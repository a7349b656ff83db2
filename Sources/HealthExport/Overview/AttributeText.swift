/// The value an XML parser reports for an attribute: references resolved, white space normalised.
enum AttributeText {
    /// Appends the value written as the `count` bytes at `start` to `output`; `false` when a
    /// reference in it is malformed or names an entity other than the five XML predefines.
    static func decode(_ start: UnsafePointer<UInt8>, _ count: Int, into output: inout [UInt8]) -> Bool {
        var index = 0
        while index < count {
            let byte = start[index]
            switch byte {
            case UInt8(ascii: "&"):
                guard let semicolon = ByteScan.find(UInt8(ascii: ";"), start + index, count - index),
                    let scalar = reference(start + index + 1, semicolon - 1)
                else { return false }
                output.append(contentsOf: String(Character(scalar)).utf8)
                index += semicolon + 1
            case 0x09, 0x0A, 0x0D:
                output.append(0x20)
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        return true
    }

    /// The character a reference's body (between `&` and `;`) stands for.
    private static func reference(_ start: UnsafePointer<UInt8>, _ count: Int) -> Unicode.Scalar? {
        let body = UnsafeBufferPointer(start: start, count: count)
        switch Array(body) {
        case Array("lt".utf8): return "<"
        case Array("gt".utf8): return ">"
        case Array("amp".utf8): return "&"
        case Array("quot".utf8): return "\""
        case Array("apos".utf8): return "'"
        default: break
        }
        guard count >= 2, start[0] == UInt8(ascii: "#") else { return nil }
        let hex = start[1] == UInt8(ascii: "x")
        let digits = UnsafeBufferPointer(start: start + (hex ? 2 : 1), count: count - (hex ? 2 : 1))
        guard !digits.isEmpty, digits.count <= 8,
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10),
            isXMLCharacter(value)
        else { return nil }
        return Unicode.Scalar(value)
    }

    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
