#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The well-formedness rules libxml2 applies inside the records the scanner counts without it:
/// names, repeated attributes, UTF-8 and its limits. What the scanner cannot check at memory
/// speed (names beyond ASCII, namespaces, many attributes) makes it step aside.
extension OverviewScanner {
    /// Deeper than this the scanner steps aside; libxml2 stops at 256 levels.
    static let depthLimit = 128
    /// More attributes than this on one element make the scanner step aside.
    static let attributeLimit = 64
    /// libxml2 refuses attribute values longer than this (`XML_MAX_TEXT_LENGTH`).
    static let valueLimit = 10_000_000
    /// A token (tag, comment, instruction) not complete within this many bytes makes the
    /// scanner step aside.
    static let tokenLimit = 1 << 20
    /// Longer names make the scanner step aside; libxml2 refuses them from 50,000 bytes.
    static let nameLimit = 1_000

    // Bits for the ASCII name characters: letters, `_` (also first), digits, `-` and `.` (not
    // first). `:` is left out: namespaces are for libxml2 to check.
    private static let nameLow: UInt64 = (0x3FF << 48) | (1 << 45) | (1 << 46)
    private static let nameHigh: UInt64 = (0x3FF_FFFF << 33) | (1 << 31) | (0x3FF_FFFF << 1)
    private static let startHigh: UInt64 = (0x3FF_FFFF << 33) | (1 << 31) | (0x3FF_FFFF << 1)

    /// Whether `byte` continues a name the scanner checks itself.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        // Letters first: nearly every byte of a name is one.
        (byte | 0x20) &- UInt8(ascii: "a") < 26
            ? true
            : byte < 64 ? (nameLow >> UInt64(byte)) & 1 != 0 : byte < 128 && (nameHigh >> UInt64(byte - 64)) & 1 != 0
    }

    /// Whether `byte` may start such a name.
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 64 && byte < 128 && (startHigh >> UInt64(byte - 64)) & 1 != 0
    }

    /// The length of the name at `position`, ended by `stop`; throws when a byte before the stop
    /// is not one the scanner checks, or the name is empty, too long or a namespace declaration.
    @inline(__always)
    func checkedName(at position: Int, stop: Int) throws -> Int {
        let length = stop - position
        guard length > 0, length <= Self.nameLimit, Self.isNameStart(base[position]) else {
            throw Unsure(reason: "a name the scanner does not check")
        }
        return length
    }

    /// Throws when two of the tag's attributes share a name, or there are too many to compare.
    func checkRepeatedAttributes() throws {
        let count = attributes.count
        guard count > 1 else { return }
        var seen: UInt64 = 0
        var collided = false
        for attribute in attributes {
            // Length, first and last byte: no two attributes of a `Record`, `MetadataEntry`,
            // `ActivitySummary` or sample header share a key, so their tags skip the pairwise
            // comparison below (length and last byte alone put `sourceVersion` with `creationDate`).
            let name = attribute.name
            let key =
                UInt64(attribute.nameLength &* 13 &+ Int(name[0]) &* 7 &+ Int(name[attribute.nameLength - 1]) &* 3) & 63
            if seen & (1 << key) != 0 { collided = true }
            seen |= 1 << key
        }
        guard collided else { return }
        for i in 1..<count {
            let a = attributes[i]
            for j in 0..<i
            where attributes[j].nameLength == a.nameLength
                && memcmp(attributes[j].name, a.name, a.nameLength) == 0
            {
                throw Unsure(reason: "an attribute given twice")
            }
        }
    }

    /// Checks a processing instruction inside the document, from its target to its `?`.
    func checkInstruction(_ start: Int, _ end: Int) throws {
        var index = start
        while index < end, Self.isNameByte(base[index]) { index += 1 }
        let length = try checkedName(at: start, stop: index)
        guard index == end || ByteScan.isSpace(base[index]) else {
            throw Unsure(reason: "a malformed processing instruction")
        }
        if length == 3, (base[start] | 0x20, base[start + 1] | 0x20, base[start + 2] | 0x20) == (0x78, 0x6D, 0x6C) {
            throw Unsure(reason: "a processing instruction named xml")
        }
        try checkCharacters(base + index, end - index)
    }

    /// Throws unless the `count` bytes at `start` are UTF-8 of characters XML allows.
    func checkCharacters(_ start: UnsafePointer<UInt8>, _ count: Int) throws {
        guard textIsRepaired || UTF8Check.isXMLText(start, count) else {
            throw Unsure(reason: "bytes that are not UTF-8 of XML characters")
        }
    }
}

/// Strict UTF-8 decoding (no overlong forms, surrogates or values beyond U+10FFFF), as libxml2
/// checks it, and XML's character range on top.
enum UTF8Check {
    /// Whether the `count` bytes at `start` are UTF-8 of characters XML 1.0 allows.
    static func isXMLText(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        let raw = UnsafeRawPointer(start)
        while index < count {
            // Eight printable ASCII bytes at a time.
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if (word | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = start[index]
            if lead < 0x80 {
                guard lead >= 0x20 || lead == 0x09 || lead == 0x0A || lead == 0x0D else { return false }
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF:
                length = 2
                scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                length = 3
                scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4:
                length = 4
                scalar = UInt32(lead & 0x07)
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length {
                let byte = start[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            switch (length, scalar) {
            case (3, 0..<0x800), (4, 0..<0x10000), (_, 0xD800...0xDFFF), (_, 0xFFFE...0xFFFF), (_, 0x110000...):
                return false
            default: break
            }
            index += length
        }
        return true
    }
}
