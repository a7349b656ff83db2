/// The export's device descriptions, `<<HKDevice: 0x283a1c0f0>, name:Jo’s Watch, manufacturer:Apple Inc.,
/// model:Watch, hardware:Watch6,1, software:10.1>`, as the XML holds them (angle brackets escaped,
/// or blanked to spaces by the reader's repair).
enum DeviceDescription {
    /// Fields whose values identify one device or person, left out.
    static func isIdentifying(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return lowered.contains("identifier") || lowered.contains("udi") || lowered.contains("serial")
    }

    /// The part after the address (`name:…, …, software:10.1&gt;`), or `nil` when `raw` is no HKDevice.
    static func fields(of raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let marker = Array("HKDevice:".utf8)
        guard raw.count > marker.count else { return nil }
        var start: Int?
        for index in 0...(raw.count - marker.count) where raw[index] == 0x48 {
            if (0..<marker.count).allSatisfy({ raw[index + $0] == marker[$0] }) {
                start = index + marker.count
                break
            }
        }
        guard var index = start else { return nil }
        while index < raw.count, raw[index] != 0x2C { index += 1 }
        while index < raw.count, raw[index] == 0x2C || raw[index] == 0x20 { index += 1 }
        return UnsafeRawBufferPointer(rebasing: raw[index...])
    }

    /// The redacted description for the fields `fields` (see ``fields(of:)``).
    static func redacted(fields: [UInt8], shift: DateShift) -> [UInt8] {
        var text = String(decoding: fields, as: UTF8.self)
        while text.hasSuffix(" ") || text.hasSuffix("&gt;") || text.hasSuffix(">") {
            if text.hasSuffix("&gt;") { text.removeLast(4) } else { text.removeLast() }
        }
        let parsed = split(text)
        let model = parsed.first { $0.key == "model" }?.value ?? "Unknown"
        var kept: [String] = []
        for (key, value) in parsed {
            if isIdentifying(key) { continue }
            switch key {
            case "name": kept.append("name:\(model)")
            case "creation date":
                kept.append("\(key):\(String(decoding: shift.applied(to: Array(value.utf8)), as: UTF8.self))")
            default: kept.append("\(key):\(value)")
            }
        }
        return Array("&lt;&lt;HKDevice: 0x000000000&gt;, \(kept.joined(separator: ", "))&gt;".utf8)
    }

    /// `name:Apple Watch, model:Watch, hardware:Watch6,1` → its key/value pairs: a field starts
    /// at `, key:` where the key is a word or two (`creation date`), so commas inside values stay.
    static func split(_ text: String) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        for piece in text.split(separator: ", ", omittingEmptySubsequences: false) {
            if let colon = piece.firstIndex(of: ":"), isKey(piece[..<colon]) {
                fields.append((String(piece[..<colon]), String(piece[piece.index(after: colon)...])))
            } else if !fields.isEmpty {
                fields[fields.count - 1].value += ", " + piece
            } else {
                fields.append(("", String(piece)))
            }
        }
        return fields.filter { !$0.key.isEmpty }
    }

    private static func isKey(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter, text.count <= 32 else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " }
    }
}
