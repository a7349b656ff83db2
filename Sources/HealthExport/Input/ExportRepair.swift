#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Mends, as bytes stream past, the breakage real exports carry, keeping every byte's position
/// so that libxml2's line and column numbers still point into the original file:
///
/// - The internal DTD subset is blanked (its newlines kept): the iOS 16 export's is malformed,
///   and this project never interprets DTDs anyway. Its `HealthKit Export Version` is read first.
/// - Control characters that XML forbids (`\x0b` and friends) become spaces, and each byte of a
///   sequence that is not UTF-8 becomes `?` (unless the export declares another encoding), so
///   that `summary`, `records` and `import` all read the same text.
/// - In exports without a DTD (iOS 8), attribute names with spaces (`Health Mate App Version="2.6.2"`)
///   get underscores instead, so every record still parses.
public final class ExportRepair: ByteSource {
    /// The largest prolog (XML declaration, comments and DTD) the reader will hold to find the DTD's end.
    static let prologLimit = 4 << 20

    public var displayName: String { upstream.displayName }
    public var expectedByteCount: Int64? { upstream.expectedByteCount }

    /// The `HealthKit Export Version` found in the DOCTYPE, once the prolog has been read.
    public private(set) var exportVersion: Int?
    /// Whether the export had no internal DTD, so attribute names are being repaired.
    public private(set) var legacyAttributeRepair = false
    /// How many forbidden control characters were replaced.
    public var replacedControlCharacters: Int { text.controlCharacters }
    /// How many bytes that are not UTF-8 were replaced.
    public var replacedInvalidUTF8Bytes: Int { text.invalidUTF8Bytes }
    /// Whether the bytes handed out are UTF-8 with no character XML forbids but U+FFFE and
    /// U+FFFF (counted in ``nonCharacters``): true unless the export declares another encoding.
    var repairsText: Bool { text.repairsUTF8 }
    /// How many U+FFFE and U+FFFF the bytes handed out hold.
    var nonCharacters: Int { text.nonCharacters }
    /// Bytes of the upstream consumed so far.
    public private(set) var bytesRead: Int64 = 0

    private let upstream: ByteSource
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var prologDone = false
    private var upstreamEnded = false
    private var tagState = TagScanner()
    private var text = TextRepair()

    /// Wraps `upstream`.
    public init(_ upstream: ByteSource) {
        self.upstream = upstream
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        if !prologDone { try readProlog() }
        if pendingStart < pending.count {
            let count = min(buffer.count, pending.count - pendingStart)
            pending.withUnsafeBytes { bytes in
                buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + pendingStart, byteCount: count)
            }
            pendingStart += count
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: false)
                pendingStart = 0
            }
            return count
        }
        guard !upstreamEnded else { return 0 }
        // In repair mode a chunk may end inside an attribute name: keep that tail for the next call.
        var filled = tagState.carry.count
        if filled > 0 {
            let carry = tagState.carry
            carry.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: carry.count) }
            tagState.carry.removeAll(keepingCapacity: true)
        }
        while true {
            let count = try upstream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            bytesRead += Int64(count)
            if count == 0 {
                upstreamEnded = true
                break
            }
            filled += count
            if filled >= buffer.count / 2 { break }
        }
        let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<filled])
        // A character cut by the chunk's end waits for the next chunk, with any other carry.
        let complete = text.repair(chunk, final: upstreamEnded)
        let ready: Int
        if legacyAttributeRepair {
            ready = tagState.repair(UnsafeMutableRawBufferPointer(rebasing: chunk[..<complete]), final: upstreamEnded)
        } else if !upstreamEnded,
            let lastBreak = Self.lastLineBreak(in: UnsafeMutableRawBufferPointer(rebasing: chunk[..<complete])),
            complete - lastBreak - 1 < buffer.count / 2
        {
            // End the chunk at a line break, so that no start tag straddles two chunks.
            ready = lastBreak + 1
        } else {
            ready = complete
        }
        if ready < filled {
            tagState.carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[ready...]))
        }
        if ready == 0 && !upstreamEnded { return try read(into: buffer) }
        // Take the entities out of the device descriptions (see DeviceEntities), with or without
        // a DTD: an export whose DTD was cut out by hand has them on every record.
        DeviceEntities.rewrite(UnsafeMutableRawBufferPointer(rebasing: chunk[..<ready]))
        return ready
    }

    static func lastLineBreak(in bytes: UnsafeMutableRawBufferPointer) -> Int? {
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }

    /// Reads the prolog into `pending`, blanks the DTD's internal subset and decides the mode.
    private func readProlog() throws(ExportError) {
        prologDone = true
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { chunk.deallocate() }
        var rootFound = false
        while pending.count < Self.prologLimit {
            let count = try upstream.read(into: chunk)
            bytesRead += Int64(count)
            if count == 0 {
                upstreamEnded = true
                break
            }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            if Self.prologIsComplete(pending) {
                rootFound = true
                break
            }
        }
        guard !pending.isEmpty else {
            throw ExportError(.notAnExport, "the file is empty, not a Health export", path: displayName)
        }
        if !rootFound, Self.find(Array("<HealthData".utf8), in: pending, from: 0) == nil {
            throw prologError()
        }
        if let (open, close) = Self.internalSubset(of: pending) {
            exportVersion = Self.version(in: pending[open..<close])
            for i in open..<close where pending[i] != 0x0A && pending[i] != 0x0D {
                pending[i] = 0x20
            }
        } else {
            legacyAttributeRepair = true
        }
        text.repairsUTF8 = !Self.declaresOtherEncoding(pending)
        let complete = pending.withUnsafeMutableBytes { text.repair($0, final: upstreamEnded) }
        var ready = complete
        if legacyAttributeRepair {
            ready = pending.withUnsafeMutableBytes {
                tagState.repair(UnsafeMutableRawBufferPointer(rebasing: $0[..<complete]), final: upstreamEnded)
            }
        }
        pending.withUnsafeMutableBytes { DeviceEntities.rewrite(UnsafeMutableRawBufferPointer(rebasing: $0[..<ready])) }
        tagState.carry.append(contentsOf: pending[ready...])
        pending.removeSubrange(ready...)
    }

    /// Whether the XML declaration names an encoding other than UTF-8 (`ISO-8859-1`, `windows-1252`),
    /// whose bytes above 0x7F are characters of their own, not broken UTF-8.
    static func declaresOtherEncoding(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = find(Array("?>".utf8), in: bytes, from: 0) else {
            return false
        }
        let declaration = bytes[..<end].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        guard let at = find(Array("encoding".utf8), in: declaration, from: 0) else { return false }
        let value = String(decoding: declaration[(at + 8)...], as: UTF8.self).drop {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'"
        }
        return !(value.hasPrefix("utf-8") || value.hasPrefix("utf8"))
    }

    /// Why a prolog without a `<HealthData>` element is not read: the file was cut inside or
    /// after its DTD, or it is not an export.
    private func prologError() -> ExportError {
        let (line, column) = Self.endPosition(of: pending)
        if upstreamEnded, Self.find(Array("<!DOCTYPE".utf8), in: pending, from: 0) != nil {
            if Self.endsInsideDoctype(pending) {
                return ExportError(
                    .truncated, "the export ends inside its DTD (truncated?)", path: displayName, line: line,
                    column: column)
            }
            return ExportError(
                .truncated, "the export ends before its `<HealthData>` element (truncated?)", path: displayName,
                line: line, column: column)
        }
        if pending.count >= Self.prologLimit {
            let megabytes = Self.prologLimit >> 20
            return ExportError(
                .notAnExport, "not a Health export: no `<HealthData>` element in its first \(megabytes) MB",
                path: displayName, line: line, column: column)
        }
        return ExportError(
            .notAnExport, "not a Health export: no `<HealthData>` element", path: displayName, line: line,
            column: column)
    }

    /// Whether `bytes` end inside `<!DOCTYPE ...>` or its internal subset `[ ... ]`.
    static func endsInsideDoctype(_ bytes: [UInt8]) -> Bool {
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0) else { return false }
        var index = doctype + 9
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">") { return false }
            if bytes[index] == UInt8(ascii: "[") { return find(Array("]>".utf8), in: bytes, from: index) == nil }
            index += 1
        }
        return true
    }

    /// The line and column just after the last of `bytes`.
    static func endPosition(of bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, bytes.count - lineStart + 1)
    }

    /// Whether `bytes` hold the whole prolog: the root element has started, after any internal DTD.
    static func prologIsComplete(_ bytes: [UInt8]) -> Bool {
        guard let root = find(Array("<HealthData".utf8), in: bytes, from: 0) else { return false }
        if let (_, close) = internalSubset(of: bytes), close > root { return false }
        return true
    }

    /// The range strictly inside `<!DOCTYPE ... [` and `]>`, when the prolog has one.
    static func internalSubset(of bytes: [UInt8]) -> (Int, Int)? {
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0) else { return nil }
        var index = doctype + 9
        while index < bytes.count, bytes[index] != UInt8(ascii: "[") {
            if bytes[index] == UInt8(ascii: ">") { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let open = index + 1
        guard let close = find(Array("]>".utf8), in: bytes, from: open) else { return nil }
        return (open, close)
    }

    static func version(in bytes: ArraySlice<UInt8>) -> Int? {
        let marker = Array("HealthKit Export Version:".utf8)
        let array = Array(bytes)
        guard let at = find(marker, in: array, from: 0) else { return nil }
        var index = at + marker.count
        while index < array.count, array[index] == 0x20 { index += 1 }
        var value = 0
        var digits = 0
        while index < array.count, array[index] &- 48 < 10, digits < 6 {
            value = value * 10 + Int(array[index] - 48)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0] {
                var matched = true
                for j in 1..<needle.count where haystack[index + j] != needle[j] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}

/// Follows tags and attributes across chunks to replace spaces inside attribute names with `_`.
struct TagScanner {
    enum State {
        case text, markupOpen, comment, otherMarkup, tagName, inTag, attributeName, spaceAfterName, beforeValue
        case value(UInt8)
    }

    var state = State.text
    /// Bytes held back from the end of the last chunk, undecided.
    var carry: [UInt8] = []
    private var dashes = 0
    /// Whether plain `name="value"` attributes are read whole (``plainAttributes(_:from:_:)``);
    /// without it every byte goes through the states, which the tests hold the whole reading to.
    var readsPlainAttributesWhole = true

    /// Repairs `bytes` in place; returns how many leading bytes are final.
    mutating func repair(_ bytes: UnsafeMutableRawBufferPointer, final: Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        var pendingSpaceStart = -1
        while index < count {
            let byte = bytes[index]
            switch state {
            case .text:
                // Text and values, most of an export's bytes, are skipped to their end at once.
                guard let open = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { return count }
                index = open - base + 1
                state = .markupOpen
                continue
            case .markupOpen:
                if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                    state = .otherMarkup
                    dashes = 0
                } else if byte == UInt8(ascii: "/") {
                    state = .otherMarkup
                } else {
                    state = .tagName
                }
            case .otherMarkup:
                if byte == UInt8(ascii: "-") {
                    dashes += 1
                    if dashes == 2 {
                        state = .comment
                        dashes = 0
                    }
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                } else {
                    dashes = 3
                }
            case .comment:
                if byte == UInt8(ascii: "-") {
                    dashes += 1
                } else {
                    if byte == UInt8(ascii: ">"), dashes >= 2 { state = .text }
                    dashes = 0
                }
            case .tagName:
                if Self.isSpace(byte) {
                    if readsPlainAttributesWhole { index = Self.plainAttributes(base, from: index, count) }
                    state = .inTag
                    continue
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .inTag:
                if byte == UInt8(ascii: ">") {
                    state = .text
                } else if !Self.isSpace(byte) && byte != UInt8(ascii: "/") {
                    state = byte == UInt8(ascii: "=") ? .beforeValue : .attributeName
                }
            case .attributeName:
                if byte == UInt8(ascii: "=") {
                    state = .beforeValue
                } else if Self.isSpace(byte) {
                    state = .spaceAfterName
                    pendingSpaceStart = index
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .spaceAfterName:
                if byte == UInt8(ascii: "=") {
                    state = .beforeValue
                    pendingSpaceStart = -1
                } else if Self.isSpace(byte) {
                    if pendingSpaceStart < 0 { pendingSpaceStart = index }
                } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
                    state = byte == UInt8(ascii: ">") ? .text : .inTag
                    pendingSpaceStart = -1
                } else {
                    // A name character after spaces: the spaces were part of the name.
                    let start = pendingSpaceStart < 0 ? index : pendingSpaceStart
                    for j in start..<index { bytes[j] = UInt8(ascii: "_") }
                    pendingSpaceStart = -1
                    state = .attributeName
                }
            case .beforeValue:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { state = .value(byte) }
            case .value(let quote):
                guard let close = memchr(base + index, Int32(quote), count - index) else { return count }
                index = close - base + 1
                if readsPlainAttributesWhole { index = Self.plainAttributes(base, from: index, count) }
                state = .inTag
                continue
            }
            index += 1
        }
        if case .spaceAfterName = state, !final, pendingSpaceStart >= 0 {
            // Undecided: hold the spaces back and rescan them with the next chunk.
            state = .attributeName
            return pendingSpaceStart
        }
        return count
    }

    /// Skips, from a place between a tag's attributes, every following `name="value"` whose
    /// name runs straight into its `=` and quote: what nearly every attribute looks like, read
    /// without a state switch a byte. Returns where the state machine goes on, between attributes.
    private static func plainAttributes(_ base: UnsafeMutableRawPointer, from start: Int, _ count: Int) -> Int {
        var index = start
        while true {
            var at = index
            while at < count, Self.isSpace(base.load(fromByteOffset: at, as: UInt8.self)) { at += 1 }
            guard at < count else { return index }
            switch base.load(fromByteOffset: at, as: UInt8.self) {
            case UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return index
            default: break
            }
            var nameEnd = at + 1
            while nameEnd < count {
                let byte = base.load(fromByteOffset: nameEnd, as: UInt8.self)
                if byte <= 0x20 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") { break }
                nameEnd += 1
            }
            guard nameEnd + 2 < count, base.load(fromByteOffset: nameEnd, as: UInt8.self) == UInt8(ascii: "=") else {
                return index
            }
            let quote = base.load(fromByteOffset: nameEnd + 1, as: UInt8.self)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                let close = memchr(base + nameEnd + 2, Int32(quote), count - nameEnd - 2)
            else { return index }
            index = close - base + 1
        }
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}

/// Takes the entities out of `device="&lt;&lt;HKDevice: 0x…&gt;, name:…, software:10.1&gt;"`,
/// replacing each `&lt;` and `&gt;` by four spaces (the same length, so positions hold).
///
/// libxml2 reads an attribute value that holds an entity one character at a time; the device
/// description on nearly every record made that slow path a large part of all parsing.
/// ``DeviceParser`` reads both forms.
enum DeviceEntities {
    // The patterns as they lie in memory, read with one unaligned load each: this pass runs
    // over every byte of the export, and a loop over `[UInt8]` patterns showed in `summary`'s profile.
    private static let attribute = UInt64(loadedFrom: "device=\"")
    private static let lessThan = UInt32(loadedFrom: "&lt;")
    private static let greaterThan = UInt32(loadedFrom: "&gt;")

    static func rewrite(_ bytes: UnsafeMutableRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        // Read once: each read of a static goes through its lazy initializer's check.
        let (attribute, lessThan, greaterThan) = (Self.attribute, Self.lessThan, Self.greaterThan)
        let count = bytes.count
        var index = 0
        while index < count, let found = memchr(base + index, 0x26, count - index) {
            let at = found - base
            guard at >= 8, at + 4 <= count, base.loadUnaligned(fromByteOffset: at - 8, as: UInt64.self) == attribute,
                base.loadUnaligned(fromByteOffset: at, as: UInt32.self) == lessThan
            else {
                index = at + 1
                continue
            }
            // Only a value whose closing quote is in this chunk: never half of one.
            guard let quote = memchr(base + at, 0x22, count - at) else { return }
            let end = quote - base
            var position = at
            while position < end, let next = memchr(base + position, 0x26, end - position) {
                position = next - base
                let word = position + 4 <= count ? base.loadUnaligned(fromByteOffset: position, as: UInt32.self) : 0
                if word == lessThan || word == greaterThan {
                    base.storeBytes(of: 0x2020_2020 as UInt32, toByteOffset: position, as: UInt32.self)
                    position += 4
                } else {
                    position += 1
                }
            }
            index = end
        }
    }
}

extension FixedWidthInteger {
    /// What an unaligned load of `text`'s first bytes (zeros after its end) reads, on any byte order.
    fileprivate init(loadedFrom text: StaticString) {
        var value: Self = 0
        let bytes = UnsafeBufferPointer(
            start: text.utf8Start, count: Swift.min(text.utf8CodeUnitCount, Self.bitWidth / 8))
        for (shift, byte) in bytes.enumerated() { value |= Self(byte) << (8 * shift) }
        self = Self(littleEndian: value)
    }
}
