#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the scanner does with the elements it reads: counts plain records, hands the rest over.
extension OverviewScanner {
    /// Reads a start tag that holds a `<`, a `&` or a line break closely: flags its values,
    /// checks its references and counts its lines.
    mutating func checkValues(_ start: Int, _ end: Int) throws {
        newlines(start, end)
        for index in attributes.indices {
            let attribute = attributes[index]
            let flags = ByteScan.flags(attribute.value, attribute.valueLength)
            if flags.contains(.other) { try checkCharacters(attribute.value, attribute.valueLength) }
            if flags.contains(.lessThan) { throw Unsure(reason: "< in an attribute value") }
            if flags.contains(.ampersand) {
                scratch.removeAll(keepingCapacity: true)
                guard AttributeText.decode(attribute.value, attribute.valueLength, into: &scratch) else {
                    throw Unsure(reason: "an unknown entity in an attribute value")
                }
            }
            // Checked characters beyond ASCII read as written.
            attributes.setFlags(flags.subtracting(.other), at: index)
        }
    }

    // MARK: Elements

    /// Reads a start tag; a self-closing one is not pushed, and
    /// ``elementClosed(tagStart:tagEnd:selfClosing:)`` follows it at the same depth.
    mutating func openElement(
        name: UnsafePointer<UInt8>, length: Int, tagStart: Int, tagEnd: Int, selfClosing: Bool
    ) throws {
        let element = ElementName(name, length: length)
        let depth = elements.count
        guard depth < Self.depthLimit else { throw Unsure(reason: "elements nested too deep") }
        if !selfClosing { pushName(name, length, element) }
        switch depth {
        case 0:
            guard !sawRoot, element == .healthData else { throw Unsure(reason: "the root is not <HealthData>") }
            sawRoot = true
            try endDelegation(at: tagEnd)
            try confirmDelegateFollows(at: tagEnd)
        case 1:
            let isFacts = element == .exportDate || element == .me
            if isFacts, sawOtherTopLevel { throw Unsure(reason: "ExportDate or Me after records") }
            if !isFacts { sawOtherTopLevel = true }
            if let records, !isFacts {
                if element == .record, selfClosing { return try records.read(attributes, line: line) }
                deferred = (tokenStart, tokenLine, tokenLineStart)
                records.addStart(name: name, length: length, attributes, selfClosing: selfClosing, line: line)
                return
            }
            if records == nil, element == .record, countRecord() { return }
            startDelegation(at: tagStart)
        default:
            if let records, deferred != nil {
                records.addStart(name: name, length: length, attributes, selfClosing: selfClosing, line: line)
                return
            }
            guard delegateFrom == nil, skipFrom == 0 else { return }
            if !Self.isKnown(element, under: elements[depth - 1]) {
                unknownElements[
                    String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self), default: 0] += 1
                skipFrom = depth + 1
            }
        }
    }

    /// Reads an end tag.
    mutating func closeElement(tagStart: Int, tagEnd: Int) throws {
        elements.removeLast()
        nameEnds.removeLast()
        nameArena.removeLast(nameArena.count - (nameEnds.last ?? 0))
        try elementClosed(tagStart: tagStart, tagEnd: tagEnd, selfClosing: false)
    }

    /// What closing an element does, its name already off the stack.
    mutating func elementClosed(tagStart: Int, tagEnd: Int, selfClosing: Bool) throws {
        let depth = elements.count
        if skipFrom > depth { skipFrom = 0 }
        if let records, deferred != nil {
            if !selfClosing { records.addEnd() }
            if depth == 1 {
                try records.deliver()
                deferred = nil
            }
            return
        }
        if depth == 1, delegateFrom != nil {
            try endDelegation(at: tagEnd)
            try confirmDelegateFollows(at: tagEnd)
        }
        if depth == 0 {
            rootClosed = true
            // A self-closing root went to libxml2 with the prolog.
            guard !selfClosing else { return }
            startDelegation(at: tagStart)
            try endDelegation(at: tagEnd)
        }
    }

    mutating func pushName(_ name: UnsafePointer<UInt8>, _ length: Int, _ element: ElementName) {
        nameArena.append(contentsOf: UnsafeBufferPointer(start: name, count: length))
        nameEnds.append(nameArena.count)
        elements.append(element)
    }

    /// The children `ParseState` reads inside a record; any other is unknown there too.
    static func isKnown(_ element: ElementName, under parent: ElementName) -> Bool {
        switch (element, parent) {
        case (.metadataEntry, _), (.hrvList, .record), (.beat, .hrvList): true
        default: false
        }
    }

    // MARK: Handing over

    /// The column libxml2 counts at buffer offset `position` on the line starting at file offset
    /// `lineStart`: in characters, so UTF-8 continuation bytes do not count.
    func column(at position: Int, lineStart: Int) -> Int {
        var continuations = 0
        var from = lineStart - bufferOffset
        if from < 0 {
            if lineStart == continuationsLineStart { continuations = lineContinuations }
            from = 0
        }
        if position > from { continuations += ByteScan.continuationBytes(base + from, position - from) }
        return bufferOffset + position - lineStart + 1 - continuations
    }

    mutating func startDelegation(at position: Int) {
        delegateFrom = position
        // At the tag's start: a tag's line feeds are counted by the time it is handed over.
        pendingPosition = (tagLine, column(at: position, lineStart: tagLineStart))
    }

    /// In a record read, after an element handed to libxml2 (or the prolog and root tag): libxml2
    /// must stand where the scanner stands, inside the root between elements, or the scanner,
    /// which would go on without it, is unsure (libxml2 then reads on from `end`). They part
    /// where libxml2 reads a broken DTD otherwise than the scanner.
    mutating func confirmDelegateFollows(at end: Int) throws {
        guard let records, !records.state.standsBetweenElements else { return }
        (tokenStart, tokenLine, tokenLineStart) = (end, line, lineStart)
        throw Unsure(reason: "libxml2 reads the markup otherwise")
    }

    mutating func endDelegation(at end: Int) throws {
        try flush(to: end)
        delegateFrom = nil
    }

    /// Where libxml2 goes on when the scanner is unsure of what it reads (a record read then
    /// leaves the rest to libxml2): the next bytes of the element being handed over, or else the
    /// start of the text or token being read (or of the text before the element whose callbacks
    /// wait), whose line and column it sets on the delegate. Everything before that point has
    /// reached the parse state, through libxml2 or not; nothing after it has.
    mutating func handOverPoint() -> Int {
        if let deferred {
            records?.discard()
            delegate.move(line: deferred.line, column: column(at: deferred.start, lineStart: deferred.lineStart))
            return deferred.start
        }
        if let from = delegateFrom {
            if let position = pendingPosition {
                delegate.move(line: position.line, column: position.column)
                pendingPosition = nil
            }
            return from
        }
        delegate.move(line: tokenLine, column: column(at: tokenStart, lineStart: tokenLineStart))
        return tokenStart
    }

    /// At the end of a chunk, in a record read, the element whose callbacks wait for its end
    /// tag: it is scanned again from its start with the next chunk (the returned offset, up to
    /// which the chunk is consumed), or, past 1 MiB, handed over to libxml2 from its start.
    mutating func holdDeferred(at position: Int) throws -> Int {
        guard let deferred else { return position }
        self.deferred = nil
        records?.discard()
        if position - deferred.start > Self.tokenLimit {
            delegateFrom = deferred.start
            pendingPosition = (deferred.line, column(at: deferred.start, lineStart: deferred.lineStart))
            return position
        }
        elements.removeLast(elements.count - 1)
        nameEnds.removeLast(nameEnds.count - 1)
        nameArena.removeLast(nameArena.count - nameEnds[0])
        skipFrom = 0
        (line, lineStart) = (deferred.line, deferred.lineStart)
        return deferred.start
    }

    mutating func flush(to end: Int) throws {
        guard let from = delegateFrom, end > from else { return }
        if let position = pendingPosition {
            delegate.move(line: position.line, column: position.column)
            pendingPosition = nil
        }
        try delegate.feed(base + from, end - from)
        delegateFrom = end
    }

    // MARK: Records

    /// Counts the record whose start tag was just read, when it is one the full reader would
    /// yield as is; `false` hands it over instead.
    mutating func countRecord() -> Bool {
        var type: Attribute?
        var source: Attribute?
        var start: Attribute?
        var end: Attribute?
        var creation: Attribute?
        var value: Attribute?
        var unit: Attribute?
        for attribute in attributes {
            let name = attribute.name
            switch attribute.nameLength {
            case 4 where memcmp(name, "type", 4) == 0: type = attribute
            case 4 where memcmp(name, "unit", 4) == 0: unit = attribute
            case 5 where memcmp(name, "value", 5) == 0: value = attribute
            case 6 where memcmp(name, "source", 6) == 0: source = attribute
            case 10 where memcmp(name, "sourceName", 10) == 0: source = attribute
            case 9 where memcmp(name, "startDate", 9) == 0: start = attribute
            case 7 where memcmp(name, "endDate", 7) == 0: end = attribute
            case 12 where memcmp(name, "creationDate", 12) == 0: creation = attribute
            default: break
            }
        }
        // Values that need decoding, and every invalid record, are left to the full reader; but
        // a source name with a reference (`Fish &amp; Chips`) is decoded here (`checkValues`
        // found it decodes).
        @inline(__always) func plain(_ attribute: Attribute?) -> Bool { attribute?.flags.isEmpty ?? true }
        guard plain(type), plain(start), plain(end), plain(creation), plain(value), plain(unit) else {
            return false
        }
        if let source, !source.flags.isEmpty {
            // Into the scanner's scratch buffer, taken out for the call: no array per record.
            var decoded: [UInt8] = []
            swap(&decoded, &scratch)
            defer { swap(&decoded, &scratch) }
            decoded.removeAll(keepingCapacity: true)
            guard AttributeText.decode(source.value, source.valueLength, into: &decoded) else { return false }
            return decoded.withUnsafeBytes {
                count(type: type, source: $0, start: start, end: end, creation: creation, value: value, unit: unit)
            }
        }
        return count(
            type: type, source: source.map(bytes) ?? UnsafeRawBufferPointer(start: nil, count: 0), start: start,
            end: end, creation: creation, value: value, unit: unit)
    }

    /// Counts a record of plain values but its source's, given as `source`; `false` hands it over.
    private mutating func count(
        type: Attribute?, source: UnsafeRawBufferPointer, start: Attribute?, end: Attribute?, creation: Attribute?,
        value: Attribute?, unit: Attribute?
    ) -> Bool {
        guard let type, type.valueLength > 0, let start,
            let startDate = TimestampParser.parse(bytes(start), cache: &dayCache),
            let endDate = Self.sameBytes(start, end) ? startDate : TimestampParser.parse(bytes(end!), cache: &dayCache)
        else { return false }
        if let creation, TimestampParser.parse(bytes(creation), cache: &dayCache) == nil { return false }
        var (typeID, kind) = counter.type(bytes(type))
        if counter.isMemberType(typeID) { return false }
        if kind == .weight, !Self.isKilograms(value.map(bytes), unit.map(bytes)) { kind = .quantity }
        counter.add(typeID: typeID, kind: kind, source: source, start: startDate, end: endDate)
        return true
    }

    /// Whether `other` is missing or written as `attribute` is (an instant sample's end).
    static func sameBytes(_ attribute: Attribute, _ other: Attribute?) -> Bool {
        guard let other else { return true }
        return attribute.valueLength == other.valueLength
            && memcmp(attribute.value, other.value, attribute.valueLength) == 0
    }

    func bytes(_ attribute: Attribute) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: attribute.value, count: attribute.valueLength)
    }

    /// Whether a weight's value converts to kilograms, as the full read decides it.
    static func isKilograms(_ value: UnsafeRawBufferPointer?, _ unit: UnsafeRawBufferPointer?) -> Bool {
        UnitConversion.isWeight(
            value: value.flatMap(NumberParser.parseDouble), unit: unit.map { String(decoding: $0, as: UTF8.self) })
    }
}
