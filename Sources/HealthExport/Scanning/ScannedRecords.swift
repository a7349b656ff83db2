import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the plain records ``OverviewScanner`` reads in a record read (self-closing top-level
/// `Record` elements, nearly all of an export) to ``ParseState``'s callbacks as libxml2 would:
/// in libxml2's attribute array (local name, prefix, namespace, value start, value end), with
/// references resolved and white space normalised, so the same code builds the record.
final class ScannedRecords {
    let state: ParseState
    /// The element's name and the attribute names a record has, NUL-terminated as libxml2's are.
    private let names: UnsafeMutablePointer<UInt8>
    private let attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    private let capacity: Int
    /// The values that had references or line breaks, as libxml2 would hand them over.
    private var decoded: [UInt8] = []
    private var decodedRanges: [Range<Int>] = []
    /// How many records went this way (for tests).
    private(set) var count = 0

    private static let nameList =
        ["Record", "type", "unit", "value", "device", "source", "endDate"]
        + ["startDate", "sourceName", "creationDate", "sourceVersion"]

    init(state: ParseState, capacity: Int) {
        self.state = state
        self.capacity = capacity
        let bytes = Self.nameList.reduce(0) { $0 + $1.utf8.count + 1 }
        names = .allocate(capacity: bytes)
        var offset = 0
        for name in Self.nameList {
            for byte in name.utf8 {
                names[offset] = byte
                offset += 1
            }
            names[offset] = 0
            offset += 1
        }
        assert(offset == 93, "knownName(_:_:) gives the names' offsets")
        attributeArray = .allocate(capacity: 5 * capacity)
        attributeArray.initialize(repeating: nil, count: 5 * capacity)
    }

    deinit {
        names.deallocate()
        attributeArray.deallocate()
    }

    /// The NUL-terminated copy of an attribute name a record has, or `nil` for any other name.
    @inline(__always)
    private func knownName(_ name: UnsafePointer<UInt8>, _ length: Int) -> UnsafePointer<UInt8>? {
        // Offsets in `names`: Record 0, type 7, unit 12, value 17, device 23, source 30,
        // endDate 37, startDate 45, sourceName 55, creationDate 66, sourceVersion 79.
        let offset: Int
        switch length {
        case 4 where memcmp(name, names + 7, 4) == 0: offset = 7
        case 4 where memcmp(name, names + 12, 4) == 0: offset = 12
        case 5 where memcmp(name, names + 17, 5) == 0: offset = 17
        case 6 where memcmp(name, names + 23, 6) == 0: offset = 23
        case 6 where memcmp(name, names + 30, 6) == 0: offset = 30
        case 7 where memcmp(name, names + 37, 7) == 0: offset = 37
        case 9 where memcmp(name, names + 45, 9) == 0: offset = 45
        case 10 where memcmp(name, names + 55, 10) == 0: offset = 55
        case 12 where memcmp(name, names + 66, 12) == 0: offset = 66
        case 13 where memcmp(name, names + 79, 13) == 0: offset = 79
        default: return nil
        }
        return UnsafePointer(names + offset)
    }

    /// Reads the record whose start tag (self-closing, on line `line`) the scanner just read;
    /// `false` when an attribute is not one a record has, to hand the record to libxml2.
    /// Throws the parse's failure when the record ended it (its consumer threw).
    func read(_ attributes: TagAttributes, line: Int) throws -> Bool {
        guard attributes.count <= capacity else { return false }
        var needsDecoding = false
        for (index, attribute) in attributes.enumerated() {
            guard let name = knownName(attribute.name, attribute.nameLength) else { return false }
            let slot = attributeArray + 5 * index
            slot[0] = name
            slot[3] = attribute.value
            slot[4] = attribute.value + attribute.valueLength
            needsDecoding = needsDecoding || !attribute.flags.isEmpty
        }
        if needsDecoding {
            try decode(attributes, line: line)
        } else {
            deliver(count: attributes.count, line: line)
        }
        if let failure = state.failure { throw failure }
        return true
    }

    /// Resolves the values with references or line breaks, then delivers the record.
    private func decode(_ attributes: TagAttributes, line: Int) throws {
        decoded.removeAll(keepingCapacity: true)
        decodedRanges.removeAll(keepingCapacity: true)
        for attribute in attributes {
            let start = decoded.count
            if !attribute.flags.isEmpty {
                guard AttributeText.decode(attribute.value, attribute.valueLength, into: &decoded) else {
                    throw OverviewScanner.Unsure(reason: "an unknown entity in an attribute value")
                }
            }
            decodedRanges.append(start..<decoded.count)
        }
        decoded.withUnsafeBufferPointer { buffer in
            for (index, attribute) in attributes.enumerated() where !attribute.flags.isEmpty {
                let range = decodedRanges[index]
                attributeArray[5 * index + 3] = buffer.baseAddress! + range.lowerBound
                attributeArray[5 * index + 4] = buffer.baseAddress! + range.upperBound
            }
            deliver(count: attributes.count, line: line)
        }
    }

    private func deliver(count: Int, line: Int) {
        self.count += 1
        state.scannedLine = line
        state.startElement(UnsafePointer(names), AttributeList(base: attributeArray, count: count))
        state.endElement()
        state.scannedLine = 0
    }
}
