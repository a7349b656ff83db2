/// The name and attributes of one start tag, as ranges into its bytes; the storage is reused
/// from tag to tag.
struct StartTag {
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
    }

    private(set) var name: Range<Int> = 0..<0
    private(set) var attributes: [Attribute] = []

    /// Reads `<Name a="1" b='2'>` (or `…/>`); returns `false` when the tag is malformed.
    mutating func parse(_ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        attributes.removeAll(keepingCapacity: true)
        let count = bytes.count
        var index = 1
        while index < count, !Self.ends(bytes[index]) { index += 1 }
        name = 1..<index
        guard !name.isEmpty else { return false }
        while true {
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < count else { return false }
            if bytes[index] == 0x3E || bytes[index] == 0x2F { return true }
            let nameStart = index
            while index < count, bytes[index] != 0x3D, !Self.isSpace(bytes[index]), bytes[index] != 0x3E {
                index += 1
            }
            let nameEnd = index
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == 0x3D, nameEnd > nameStart else { return false }
            index += 1
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == 0x22 || bytes[index] == 0x27 else { return false }
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            while index < count, bytes[index] != quote { index += 1 }
            guard index < count else { return false }
            attributes.append(Attribute(name: nameStart..<nameEnd, value: valueStart..<index))
            index += 1
        }
    }

    /// The value of the attribute named `wanted`, if the tag has it.
    func value(_ wanted: StaticString, in bytes: UnsafeMutableRawBufferPointer) -> Range<Int>? {
        attributes.first { Self.equals(bytes, $0.name, wanted) }?.value
    }

    /// Whether the tag's name is `wanted`.
    func isNamed(_ wanted: StaticString, in bytes: UnsafeMutableRawBufferPointer) -> Bool {
        Self.equals(bytes, name, wanted)
    }

    static func equals(_ bytes: UnsafeMutableRawBufferPointer, _ range: Range<Int>, _ wanted: StaticString) -> Bool {
        guard range.count == wanted.utf8CodeUnitCount else { return false }
        return wanted.withUTF8Buffer { pattern in
            var offset = 0
            for index in range {
                if bytes[index] != pattern[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func ends(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == 0x3E || byte == 0x2F
    }
}
