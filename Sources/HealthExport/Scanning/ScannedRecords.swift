import CLibXML2

/// Hands the elements ``OverviewScanner`` reads in a record read to ``ParseState``'s callbacks as
/// libxml2 would: names NUL-terminated, attributes in libxml2's array (local name, prefix,
/// namespace, value start, value end), references resolved and line breaks read as spaces, so
/// the same code builds the records. A self-closing top-level `Record` (nearly every one) goes
/// at once; any other top-level element's tags wait until its end tag is read (the scanner
/// then knows it is well-formed) and go together, so that one the scanner is unsure of can
/// still go to libxml2 whole.
final class ScannedRecords {
    let state: ParseState
    private let names = NameCopies()
    private let recordName: UnsafePointer<UInt8>
    /// Room for the attributes of one tag: the scanner reads at most `capacity` of them.
    private let attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    /// The values with references or line breaks, as libxml2 would hand them over.
    @exclusivity(unchecked) private var decoded: [UInt8] = []
    @exclusivity(unchecked) private var valueRanges: [Range<Int>?] = []
    /// The tags of the element whose callbacks wait, and their attributes (names copied).
    @exclusivity(unchecked) private var tags: [Tag] = []
    @exclusivity(unchecked) private var waitingAttributes: [OverviewScanner.Attribute] = []
    /// How many top-level elements went this way (for tests).
    @exclusivity(unchecked) private(set) var count = 0

    /// A start tag (its attributes are `attributeCount` of ``waitingAttributes`` from
    /// `firstAttribute`), or an end tag (no name).
    private struct Tag {
        var name: UnsafePointer<UInt8>?
        var firstAttribute = 0
        var attributeCount = 0
        var selfClosing = false
        var line = 0
    }

    init(state: ParseState, capacity: Int) {
        self.state = state
        let recordName = UnsafeMutablePointer<UInt8>.allocate(capacity: 7)
        recordName.initialize(from: Array("Record\0".utf8), count: 7)
        self.recordName = UnsafePointer(recordName)
        attributeArray = .allocate(capacity: 5 * capacity)
        attributeArray.initialize(repeating: nil, count: 5 * capacity)
    }

    deinit {
        recordName.deallocate()
        attributeArray.deallocate()
    }

    /// Reads the self-closing top-level record whose start tag the scanner just read, on line
    /// `line`. Throws the parse's failure when the record ended it (its consumer threw).
    func read(_ attributes: TagAttributes, line: Int) throws {
        names.trim()
        var needsDecoding = false
        for index in 0..<attributes.count {
            let attribute = attributes[index]
            let slot = attributeArray + 5 * index
            slot[0] = names.copy(of: attribute.name, length: attribute.nameLength)
            slot[3] = attribute.value
            slot[4] = attribute.value + attribute.valueLength
            needsDecoding = needsDecoding || !attribute.flags.isEmpty
        }
        if needsDecoding {
            addStart(name: recordName, length: 6, attributes, selfClosing: true, line: line)
            return try deliver()
        }
        count += 1
        state.scannedLine = line
        state.startElement(recordName, AttributeList(base: attributeArray, count: attributes.count))
        state.endElement()
        state.scannedLine = 0
        if let failure = state.failure { throw failure }
    }

    /// Notes a start tag of the top-level element being read (its own, or one inside it), read
    /// on line `line`; its bytes stay in the scanner's buffer until ``deliver()``.
    func addStart(
        name: UnsafePointer<UInt8>, length: Int, _ attributes: TagAttributes, selfClosing: Bool, line: Int
    ) {
        if tags.isEmpty { names.trim() }
        tags.append(
            Tag(
                name: names.copy(of: name, length: length), firstAttribute: waitingAttributes.count,
                attributeCount: attributes.count, selfClosing: selfClosing, line: line))
        for index in 0..<attributes.count {
            var attribute = attributes[index]
            attribute.name = names.copy(of: attribute.name, length: attribute.nameLength)
            waitingAttributes.append(attribute)
        }
    }

    /// Notes an end tag inside the element being read, or its own.
    func addEnd() {
        tags.append(Tag())
    }

    /// Forgets the tags noted: the element is read again, or by libxml2.
    func discard() {
        tags.removeAll(keepingCapacity: true)
        waitingAttributes.removeAll(keepingCapacity: true)
    }

    /// Hands the element whose end tag was just read to the parse state, tag by tag, as
    /// libxml2 would. Throws the parse's failure when the element ended it; throws
    /// ``OverviewScanner/Unsure`` (having handed over nothing) when a value cannot be resolved.
    func deliver() throws {
        defer { discard() }
        decoded.removeAll(keepingCapacity: true)
        valueRanges.removeAll(keepingCapacity: true)
        for attribute in waitingAttributes {
            guard !attribute.flags.isEmpty else {
                valueRanges.append(nil)
                continue
            }
            let start = decoded.count
            guard AttributeText.decode(attribute.value, attribute.valueLength, into: &decoded) else {
                throw OverviewScanner.Unsure(reason: "an unknown entity in an attribute value")
            }
            valueRanges.append(start..<decoded.count)
        }
        count += 1
        decoded.withUnsafeBufferPointer { values in
            for tag in tags {
                guard state.failure == nil else { break }
                guard let name = tag.name else {
                    state.endElement()
                    continue
                }
                for slot in 0..<tag.attributeCount {
                    let attribute = waitingAttributes[tag.firstAttribute + slot]
                    let entry = attributeArray + 5 * slot
                    entry[0] = attribute.name
                    if let range = valueRanges[tag.firstAttribute + slot] {
                        entry[3] = values.baseAddress! + range.lowerBound
                        entry[4] = values.baseAddress! + range.upperBound
                    } else {
                        entry[3] = attribute.value
                        entry[4] = attribute.value + attribute.valueLength
                    }
                }
                state.scannedLine = tag.line
                state.startElement(name, AttributeList(base: attributeArray, count: tag.attributeCount))
                if tag.selfClosing, state.failure == nil { state.endElement() }
            }
        }
        state.scannedLine = 0
        if let failure = state.failure { throw failure }
    }
}
