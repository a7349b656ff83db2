#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the export's `HKDevice` descriptions:
/// `<<HKDevice: 0x283a1c0f0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>`.
///
/// The `0x…` address changes from export to export and is dropped.
enum DeviceParser {
    /// The description with the leading `<<HKDevice: 0x…>, ` removed, for use as a cache key.
    /// Also reads the form ``DeviceEntities`` leaves, with spaces for the angle brackets.
    static func stableBytes(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let marker: StaticString = "HKDevice:"
        if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "<") {
            index += 2
        } else if bytes.count - index > marker.utf8CodeUnitCount,
            memcmp(bytes.baseAddress! + index, marker.utf8Start, marker.utf8CodeUnitCount) == 0
        {
            index += marker.utf8CodeUnitCount
        } else {
            return bytes
        }
        // Past the address, to the first field.
        while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: ",") { index += 1 }
        index += 1
        while index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: " ") {
            index += 1
        }
        return UnsafeRawBufferPointer(rebasing: bytes[min(index, bytes.count)...])
    }

    /// Parses the part after the address: `name:Apple Watch, manufacturer:Apple Inc., ..., software:10.1>`.
    static func parse(_ stable: String) -> Device {
        var text = Substring(stable)
        while text.last == " " { text = text.dropLast() }
        if text.hasSuffix(">") { text = text.dropLast() }
        // Split on ", key:" where key is a word: values such as "Watch6,1" hold commas without a key after them.
        var fields: [(String, String)] = []
        var key: Substring?
        var valueStart = text.startIndex
        var index = text.startIndex
        func keyAt(_ position: Substring.Index) -> (Substring, Substring.Index)? {
            // Keys are words, sometimes two ("creation date"); they never start with a space.
            guard position < text.endIndex, text[position].isLetter else { return nil }
            var end = position
            while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == " ",
                text.distance(from: position, to: end) < 32
            {
                end = text.index(after: end)
            }
            guard end < text.endIndex, text[end] == ":" else { return nil }
            return (text[position..<end], text.index(after: end))
        }
        if let (first, after) = keyAt(index) {
            key = first
            valueStart = after
            index = after
        } else {
            return Device(name: String(text))
        }
        while index < text.endIndex {
            if text[index] == ",", text.index(after: index) < text.endIndex,
                text[text.index(after: index)] == " ", let (next, after) = keyAt(text.index(index, offsetBy: 2))
            {
                fields.append((String(key!), String(text[valueStart..<index])))
                key = next
                valueStart = after
                index = after
                continue
            }
            index = text.index(after: index)
        }
        if let key { fields.append((String(key), String(text[valueStart...]))) }
        var known: [String: String] = [:]
        var other: [MetadataEntry] = []
        for (key, value) in fields {
            switch key {
            case "name", "manufacturer", "model", "hardware", "software": known[key] = value
            default: other.append(MetadataEntry(key: key, value: value))
            }
        }
        return Device(
            name: known["name"], manufacturer: known["manufacturer"], model: known["model"],
            hardware: known["hardware"], software: known["software"], other: other)
    }
}
