#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the markup of `export.xml` at memory speed for an overview.
///
/// It follows the structure of the whole document (tags, attributes, comments, processing
/// instructions, the blanked DTD) and checks what it passes over, but builds records only
/// where that is cheap: a plain top-level `Record` is counted by ``SampleCounter``. Everything
/// else (the prolog and root tag, `ExportDate`, `Me`, workouts, correlations, summaries, records
/// it would read differently from libxml2) is handed, byte for byte and at its own line and
/// column, to a ``DelegateParser`` (directly, or through a ``HandOverRecording`` when a segment
/// is scanned on another thread), so those yield exactly the records ``ExportReader/read(_:)``
/// yields. Anything it is not sure of throws ``Unsure``: the caller then reads the export the
/// full way, which also gives malformed files their exact libxml2 error.
///
/// A record read uses it too (see ``RecordScan``): with ``records`` set, it hands the records
/// it reads to the parse state itself instead of counting them, and libxml2 reads on from
/// ``handOverPoint()`` when it is unsure.
struct OverviewScanner {
    /// The document holds something this scanner leaves to the full reader.
    struct Unsure: Error {
        let reason: String
    }

    struct Attribute {
        var name: UnsafePointer<UInt8>
        var nameLength: Int
        var value: UnsafePointer<UInt8>
        var valueLength: Int
        var flags: ByteScan.ValueFlags
    }

    var counter = SampleCounter()
    /// In a record read, what hands the top-level elements to the parse state (see
    /// ``ScannedRecords``); an overview counts plain records instead.
    var records: ScannedRecords?
    /// Elements inside counted records that the full reader does not know either, by name.
    var unknownElements: [String: Int] = [:]
    let delegate: any HandOverTarget

    // The open elements.
    var elements: [ElementName] = []
    var nameArena: [UInt8] = []
    var nameEnds: [Int] = []
    var sawRoot = false
    var rootClosed = false
    var sawOtherTopLevel = false
    /// While an element is handed over: bytes from this buffer offset on are not yet fed.
    var delegateFrom: Int?
    /// Where the handed-over element starts, applied to the parser before its first bytes.
    var pendingPosition: (line: Int, column: Int)?
    /// Inside a counted record, the depth from which an unknown element's subtree is skipped.
    var skipFrom = 0
    let attributes = TagAttributes(capacity: OverviewScanner.attributeLimit)
    var scratch: [UInt8] = []
    /// Whether the input is UTF-8 with no character XML forbids but U+FFFE and U+FFFF, as
    /// ``ExportRepair`` hands it out (the caller steps aside when it counted any of those two):
    /// then the scanner checks no characters itself.
    var textIsRepaired = false
    var dayCache = TimestampDayCache()

    // Where the buffer is in the file, and the line and line start (file offsets) scanned up to.
    var base: UnsafePointer<UInt8>!
    var bufferOffset = 0
    var line = 1
    var lineStart = 0
    /// Where the text or token being read starts (a buffer offset), and the line and line start
    /// there: what ``handOverPoint()`` gives libxml2 when the scanner is unsure of it.
    var tokenStart = 0
    var tokenLine = 1
    var tokenLineStart = 0
    /// The UTF-8 continuation bytes of the line starting at file offset `continuationsLineStart`
    /// that lie before the buffer: libxml2 counts columns in characters, not bytes.
    var lineContinuations = 0
    var continuationsLineStart = -1
    /// The line and line start where the tag being read starts (a tag may span lines).
    var tagLine = 1
    var tagLineStart = 0
    /// In a record read, where the top-level element whose callbacks wait for its end (see
    /// ``ScannedRecords``) starts, with the text before it, and the line and line start there.
    var deferred: (start: Int, line: Int, lineStart: Int)?

    /// A scanner for the file from its first byte.
    init(delegate: any HandOverTarget) {
        self.delegate = delegate
        elements.reserveCapacity(16)
        // The prolog and the root tag go to the parser as written.
        delegateFrom = 0
        pendingPosition = (1, 1)
    }

    /// Whether only the root is open and nothing is being handed over: a segment cut here
    /// can be scanned elsewhere from ``startSegment(at:line:)``.
    var isBetweenElements: Bool {
        elements.count == 1 && !rootClosed && delegateFrom == nil && deferred == nil && skipFrom == 0
    }

    /// Goes on at the file offset `offset`, on line `line`, between two top-level elements
    /// inside the root (a segment's start: its first byte is a line feed, so the column
    /// starts over at once).
    mutating func startSegment(at offset: Int, line: Int) {
        elements = [.healthData]
        nameArena = Array("HealthData".utf8)
        nameEnds = [nameArena.count]
        sawRoot = true
        rootClosed = false
        // The first segment holds a record: from here on, facts come too late.
        sawOtherTopLevel = true
        delegateFrom = nil
        pendingPosition = nil
        deferred = nil
        records?.discard()
        skipFrom = 0
        bufferOffset = offset
        self.line = line
        lineStart = offset
        continuationsLineStart = -1
    }

    /// What a scan counted: samples per type and source, how many, and the unknown elements
    /// inside them.
    typealias Figures = (tallies: SampleTallies, count: Int, unknownElements: [String: Int])

    /// The figures counted since the last call.
    mutating func takeFigures() -> Figures {
        let count = counter.count
        let figures = (counter.takeTallies(), count, unknownElements)
        unknownElements = [:]
        return figures
    }

    /// Scans the `count` bytes at `start`; returns how many it consumed. The rest, an incomplete
    /// token, must come again at the front of the next call; `final` says no more bytes follow.
    mutating func scan(_ start: UnsafePointer<UInt8>, count: Int, final: Bool) throws -> Int {
        base = start
        var position = 0
        if bufferOffset == 0 { position = try skipByteOrderMark(count: count) }
        (tokenStart, tokenLine, tokenLineStart) = (position, line, lineStart)
        while position < count {
            guard let next = ByteScan.find(UInt8(ascii: "<"), start + position, count - position) else {
                // Text after the last token waits for what follows it, as libxml2 leaves it
                // unread until a `<` comes: a record read handing the end over starts there.
                if !final, count - position <= Self.tokenLimit { break }
                try text(position, count - position)
                position = count
                break
            }
            if next > 0 { try text(position, next) }
            position += next
            (tagLine, tagLineStart) = (line, lineStart)
            guard let end = try token(at: position, count: count) else {
                if final { throw Unsure(reason: "the export ends inside a tag") }
                // Rescanning a huge token at every chunk would take quadratic time.
                if count - position > Self.tokenLimit { throw Unsure(reason: "a tag or comment longer than 1 MiB") }
                (line, lineStart) = (tagLine, tagLineStart)
                break
            }
            position = end
            // The text after a token starts here (libxml2 leaves it unread until a `<` follows).
            (tokenStart, tokenLine, tokenLineStart) = (position, line, lineStart)
        }
        if !final, deferred != nil { position = try holdDeferred(at: position) }
        try flush(to: position)
        if final, !rootClosed { throw Unsure(reason: "the export ends before </HealthData>") }
        return position
    }

    /// Reads the white space a chunk ended with (which waited for what follows it), now that
    /// the next chunk brings it, as the first bytes of a buffer of their own.
    mutating func passSpace(_ space: UnsafeRawBufferPointer) throws {
        base = space.baseAddress!.assumingMemoryBound(to: UInt8.self)
        newlines(0, space.count)
        try flush(to: space.count)
        shift(by: space.count)
    }

    /// Moves the bookkeeping after the caller dropped the first `consumed` bytes of the buffer.
    mutating func shift(by consumed: Int) {
        let end = bufferOffset + consumed
        if lineStart < end {
            // The bytes of the current line about to be dropped, for its columns (see ``column(at:lineStart:)``).
            let from = max(lineStart, bufferOffset)
            let earlier = lineStart < bufferOffset && lineStart == continuationsLineStart ? lineContinuations : 0
            lineContinuations = earlier + ByteScan.continuationBytes(base + (from - bufferOffset), end - from)
            continuationsLineStart = lineStart
        }
        bufferOffset = end
        if let from = delegateFrom { delegateFrom = from - consumed }
    }

    // MARK: Tokens

    mutating func skipByteOrderMark(count: Int) throws -> Int {
        guard count >= 4 else { throw Unsure(reason: "the export is too short") }
        if base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { return 3 }
        guard base[0] == UInt8(ascii: "<") || ByteScan.isSpace(base[0]) else {
            throw Unsure(reason: "the export is not UTF-8 XML")
        }
        return 0
    }

    mutating func text(_ position: Int, _ length: Int) throws {
        for index in position..<position + length {
            let byte = base[index]
            if byte == UInt8(ascii: "\n") {
                newline(at: index)
            } else if !ByteScan.isSpace(byte) {
                throw Unsure(reason: "text content")
            }
        }
    }

    @inline(__always)
    mutating func newline(at index: Int) {
        line += 1
        lineStart = bufferOffset + index + 1
    }

    /// Counts the line feeds of a token's bytes that no finer scan passed over.
    mutating func newlines(_ position: Int, _ end: Int) {
        var from = position
        while from < end, let found = ByteScan.find(UInt8(ascii: "\n"), base + from, end - from) {
            newline(at: from + found)
            from += found + 1
        }
    }

    /// The end of the token at `position` (a `<`), or `nil` when it is not complete yet.
    mutating func token(at position: Int, count: Int) throws -> Int? {
        let available = count - position
        guard available >= 2 else { return nil }
        switch base[position + 1] {
        case UInt8(ascii: "/"): return try endTag(at: position, count: count)
        case UInt8(ascii: "?"): return counted(position, try processingInstruction(at: position, count: count))
        case UInt8(ascii: "!"):
            guard available >= 9 else { return nil }
            if matches("<!--", at: position) { return counted(position, try comment(at: position, count: count)) }
            if matches("<!DOCTYPE", at: position), !sawRoot {
                return counted(position, doctype(at: position, count: count))
            }
            throw Unsure(reason: "CDATA or a declaration in the document")
        default: return try startTag(at: position, count: count)
        }
    }

    /// `end`, after counting the line feeds up to it.
    mutating func counted(_ position: Int, _ end: Int?) -> Int? {
        if let end { newlines(position, end) }
        return end
    }

    func matches(_ literal: StaticString, at position: Int) -> Bool {
        memcmp(base + position, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    mutating func comment(at position: Int, count: Int) throws -> Int? {
        var search = position + 4
        while let dash = ByteScan.find(UInt8(ascii: "-"), base + search, count - search) {
            let at = search + dash
            guard at + 2 < count else { return nil }
            if base[at + 1] == UInt8(ascii: "-") {
                guard base[at + 2] == UInt8(ascii: ">") else { throw Unsure(reason: "-- inside a comment") }
                try checkCharacters(base + position + 4, at - position - 4)
                return at + 3
            }
            search = at + 1
        }
        return nil
    }

    mutating func processingInstruction(at position: Int, count: Int) throws -> Int? {
        var search = position + 2
        while let mark = ByteScan.find(UInt8(ascii: "?"), base + search, count - search) {
            let at = search + mark
            guard at + 1 < count else { return nil }
            if base[at + 1] == UInt8(ascii: ">") {
                let isDeclaration =
                    at - position >= 5 && memcmp(base + position + 2, "xml", 3) == 0
                    && ByteScan.isSpace(base[position + 5])
                if isDeclaration, bufferOffset + position > 3 {
                    throw Unsure(reason: "an XML declaration after the start")
                }
                if isDeclaration { try checkEncoding(position, at) }
                if sawRoot { try checkInstruction(position + 2, at) }
                return at + 2
            }
            search = at + 1
        }
        return nil
    }

    func checkEncoding(_ start: Int, _ end: Int) throws {
        let declaration = Array(UnsafeBufferPointer(start: base + start, count: end - start)).map { byte in
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
        let text = String(decoding: declaration, as: UTF8.self)
        guard
            let encoding = text.split(separator: "encoding", maxSplits: 1, omittingEmptySubsequences: false).dropFirst()
                .first
        else { return }
        guard encoding.contains("utf-8") || encoding.contains("utf8") else {
            throw Unsure(reason: "an encoding other than UTF-8")
        }
    }

    /// The DOCTYPE, whose internal subset ``ExportRepair`` has blanked.
    func doctype(at position: Int, count: Int) -> Int? {
        guard let close = ByteScan.find(UInt8(ascii: ">"), base + position, count - position) else { return nil }
        guard let open = ByteScan.find(UInt8(ascii: "["), base + position, close) else { return position + close + 1 }
        let subset = position + open
        guard let bracket = ByteScan.find(UInt8(ascii: "]"), base + subset, count - subset) else { return nil }
        let after = subset + bracket + 1
        guard let end = ByteScan.find(UInt8(ascii: ">"), base + after, count - after) else { return nil }
        return after + end + 1
    }

    mutating func endTag(at position: Int, count: Int) throws -> Int? {
        let nameStart = position + 2
        guard let close = ByteScan.find(UInt8(ascii: ">"), base + nameStart, count - nameStart) else { return nil }
        var nameLength = 0
        while nameLength < close, !ByteScan.isSpace(base[nameStart + nameLength]) { nameLength += 1 }
        guard ByteScan.isWhitespace(base + nameStart + nameLength, close - nameLength) else {
            throw Unsure(reason: "a malformed end tag")
        }
        newlines(nameStart + nameLength, nameStart + close)
        let openStart = nameEnds.count > 1 ? nameEnds[nameEnds.count - 2] : 0
        guard let openEnd = nameEnds.last, openEnd - openStart == nameLength,
            nameArena.withUnsafeBufferPointer({ memcmp($0.baseAddress! + openStart, base + nameStart, nameLength) == 0 }
            )
        else { throw Unsure(reason: "an end tag that does not match") }
        let end = nameStart + close + 1
        try closeElement(tagStart: position, tagEnd: end)
        return end
    }

    mutating func startTag(at position: Int, count: Int) throws -> Int? {
        var index = nameEnd(from: position + 1, count: count)
        guard index < count else { return nil }
        guard isNameEnd(base[index]) else { throw Unsure(reason: "a name the scanner does not check") }
        let nameLength = try checkedName(at: position + 1, stop: index)
        attributes.removeAll()
        var selfClosing = false
        while true {
            let spaceStart = index
            while index < count, ByteScan.isSpace(base[index]) { index += 1 }
            guard index < count else { return nil }
            let byte = base[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < count else { return nil }
                guard base[index + 1] == UInt8(ascii: ">") else { throw Unsure(reason: "a malformed start tag") }
                selfClosing = true
                index += 2
                break
            }
            guard index > spaceStart else { throw Unsure(reason: "attributes without space between them") }
            guard attributes.count < Self.attributeLimit else { throw Unsure(reason: "many attributes on one element") }
            guard let next = try attribute(at: index, count: count) else { return nil }
            index = next
        }
        try checkRepeatedAttributes()
        if ByteScan.hasSpecial(base + position + 1, index - position - 1) {
            try checkValues(position, index)
        } else if !textIsRepaired, ByteScan.hasNonASCII(base + position + 1, index - position - 1) {
            // Names are ASCII by now: the bytes beyond it are in values.
            try checkCharacters(base + position + 1, index - position - 1)
        }
        // A self-closing element (nearly every record) never goes on the stack of open ones.
        try openElement(
            name: base + position + 1, length: nameLength, tagStart: position, tagEnd: index, selfClosing: selfClosing)
        if selfClosing { try elementClosed(tagStart: position, tagEnd: index, selfClosing: true) }
        return index
    }

    /// Where the name bytes from `start` end: letters eight at a time (names are nearly all
    /// letters), then byte by byte.
    @inline(__always)
    func nameEnd(from start: Int, count: Int) -> Int {
        var index = start
        while index + 8 <= count {
            let others = ByteScan.nonLetterBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            guard others == 0 else {
                index += others.trailingZeroBitCount >> 3
                break
            }
            index += 8
        }
        while index < count, Self.isNameByte(base[index]) { index += 1 }
        return index
    }

    @inline(__always)
    func isNameEnd(_ byte: UInt8) -> Bool {
        ByteScan.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// Reads one `name="value"`; returns the offset after it.
    mutating func attribute(at position: Int, count: Int) throws -> Int? {
        var index = nameEnd(from: position, count: count)
        guard index < count else { return nil }
        let nameLength = try checkedName(at: position, stop: index)
        if nameLength == 5, memcmp(base + position, "xmlns", 5) == 0 { throw Unsure(reason: "a namespace declaration") }
        while index < count, ByteScan.isSpace(base[index]) { index += 1 }
        guard index < count else { return nil }
        guard base[index] == UInt8(ascii: "=") else { throw Unsure(reason: "a malformed attribute") }
        index += 1
        while index < count, ByteScan.isSpace(base[index]) { index += 1 }
        guard index < count else { return nil }
        let quote = base[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw Unsure(reason: "an unquoted attribute value")
        }
        let valueStart = index + 1
        guard let length = ByteScan.find(quote, base + valueStart, count - valueStart) else { return nil }
        guard length <= Self.valueLimit else { throw Unsure(reason: "an attribute value too long for libxml2") }
        attributes.append(
            Attribute(
                name: base + position, nameLength: nameLength, value: base + valueStart, valueLength: length, flags: [])
        )
        return valueStart + length + 1
    }
}
