#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The value an XML parser reports for an attribute: references resolved, white space normalised.
enum AttributeText {
    /// Appends the value written as the `count` bytes at `start` to `output`; `false` when a
    /// reference in it is malformed or names an entity other than the five XML predefines.
    static func decode(_ start: UnsafePointer<UInt8>, _ count: Int, into output: inout [UInt8]) -> Bool {
        var index = 0
        while index < count {
            var plainEnd = index
            while plainEnd < count, !isSpecial(start[plainEnd]) { plainEnd += 1 }
            if plainEnd > index {
                output.append(contentsOf: UnsafeBufferPointer(start: start + index, count: plainEnd - index))
                index = plainEnd
                if index == count { break }
            }
            guard start[index] == UInt8(ascii: "&") else {
                output.append(0x20)
                index += 1
                continue
            }
            guard let semicolon = ByteScan.find(UInt8(ascii: ";"), start + index, count - index),
                let scalar = reference(start + index + 1, semicolon - 1)
            else { return false }
            UTF8.encode(scalar) { output.append($0) }
            index += semicolon + 1
        }
        return true
    }

    /// Whether the byte starts a reference or is white space that reads as a space.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The character a reference's body (between `&` and `;`) stands for.
    private static func reference(_ start: UnsafePointer<UInt8>, _ count: Int) -> Unicode.Scalar? {
        let body = UnsafeBufferPointer(start: start, count: count)
        if let named = predefined(body) { return named }
        guard count >= 2, start[0] == UInt8(ascii: "#") else { return nil }
        let hex = start[1] == UInt8(ascii: "x")
        let digits = UnsafeBufferPointer(rebasing: body[(hex ? 2 : 1)...])
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = digitValue(byte, hex: hex) else { return nil }
            value = value * (hex ? 16 : 10) + digit
        }
        guard isXMLCharacter(value) else { return nil }
        return Unicode.Scalar(value)
    }

    /// The character one of XML's five predefined entities stands for.
    private static func predefined(_ body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        func named(_ name: StaticString) -> Bool {
            body.count == name.utf8CodeUnitCount && memcmp(body.baseAddress!, name.utf8Start, body.count) == 0
        }
        switch body.count {
        case 2: return named("lt") ? "<" : named("gt") ? ">" : nil
        case 3: return named("amp") ? "&" : nil
        case 4: return named("quot") ? "\"" : named("apos") ? "'" : nil
        default: return nil
        }
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
