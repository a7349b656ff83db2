import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a record read hands its bytes to a ``ParseState``: through an ``OverviewScanner`` that
/// reads the plain records itself (see ``ScannedRecords``) and gives every other element to
/// libxml2 at its own line and column, which costs a third of what libxml2 takes for the same
/// bytes. From the first thing the scanner is not sure of (a malformed file, CDATA, text between
/// elements, a late `ExportDate`, ...), libxml2 reads the rest alone, from the start of that
/// token, so it meets every error where a read by libxml2 alone meets it.
///
/// Without scanning (``ExportReader/scansRecords``), every byte goes to libxml2.
final class RecordScan {
    let state: ParseState
    let delegate: DelegateParser
    private var scanner: OverviewScanner
    /// Tokens cut by a chunk's end wait here for the next chunk; the rest is scanned in place.
    private var carry: UnsafeMutableRawBufferPointer
    private var carried = 0
    /// Whether the scanner still reads; once not, libxml2 reads every byte.
    private(set) var scanning: Bool

    init(state: ParseState, scanning: Bool) throws(ExportError) {
        self.state = state
        delegate = try DelegateParser(state: state)
        scanner = OverviewScanner(delegate: delegate)
        scanner.records = ScannedRecords(state: state, capacity: OverviewScanner.attributeLimit)
        self.scanning = scanning
        carry = .allocate(byteCount: 2 * ExportReader.chunkSize, alignment: 16)
    }

    deinit {
        carry.deallocate()
    }

    /// How many top-level elements the scan read itself (see ``ScannedRecords``).
    var elementsScanned: Int { scanner.records?.count ?? 0 }

    /// The libxml2 parser.
    var parser: xmlParserCtxtPtr { delegate.parser }

    /// Reads the next bytes of the file; a token they cut off waits for the next call. An
    /// error ends the parse and stays in the state's `failure`.
    /// - Parameter textIsRepaired: whether the bytes are text as ``ExportRepair`` hands it out
    ///   with no U+FFFE or U+FFFF in it (see ``OverviewScanner/textIsRepaired``).
    func feed(_ chunk: UnsafeRawBufferPointer, textIsRepaired: Bool) {
        guard !chunk.isEmpty, state.failure == nil else { return }
        guard scanning else {
            try? delegate.feed(chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), chunk.count)
            return
        }
        scanner.textIsRepaired = textIsRepaired
        if carried > 0 { keep(chunk) }
        let bytes = carried > 0 ? UnsafeRawBufferPointer(rebasing: carry[0..<carried]) : chunk
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        do {
            let consumed = try scanner.scan(base, count: bytes.count, final: false)
            scanner.shift(by: consumed)
            let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
            if carried > 0 {
                if consumed > 0 { memmove(carry.baseAddress!, carry.baseAddress! + consumed, rest.count) }
                carried = rest.count
            } else {
                keep(rest)
            }
        } catch is OverviewScanner.Unsure {
            handOver(base, count: bytes.count)
        } catch {
            // The parse's failure, which the state holds.
        }
    }

    /// Reads what is left at the end of the file and ends the document.
    func finish() {
        if scanning, state.failure == nil {
            let base = carry.baseAddress!.assumingMemoryBound(to: UInt8.self)
            do {
                _ = try scanner.scan(base, count: carried, final: true)
            } catch is OverviewScanner.Unsure {
                handOver(base, count: carried)
            } catch {
                // The parse's failure, which the state holds.
            }
            carried = 0
        }
        guard state.failure == nil else { return }
        try? delegate.finish()
    }

    /// Whether every byte handed in was read and the parse stands between top-level elements.
    var isBetweenElements: Bool { carriesOnlySpace && (!scanning || scanner.isBetweenElements) }

    /// Whether the bytes waiting for the next chunk, if any, are white space (a line's end
    /// before a cut, which the next segment need not see).
    private var carriesOnlySpace: Bool {
        carried == 0 || ByteScan.isWhitespace(carry.baseAddress!.assumingMemoryBound(to: UInt8.self), carried)
    }

    /// Goes on from a segment's start, at file offset `offset` on line `line` (see
    /// ``OverviewScanner/startSegment(at:line:)``); the parse must stand between elements.
    func startSegment(at offset: Int, line: Int) {
        precondition(carriesOnlySpace)
        carried = 0
        if scanning { scanner.startSegment(at: offset, line: line) }
    }

    /// From here on libxml2 reads alone: the `count` bytes at `base` go to it from where the
    /// scanner stopped being sure (see ``OverviewScanner/handOverPoint()``).
    private func handOver(_ base: UnsafePointer<UInt8>, count: Int) {
        scanning = false
        let from = scanner.handOverPoint()
        carried = 0
        if from < count { try? delegate.feed(base + from, count - from) }
    }

    private func keep(_ bytes: UnsafeRawBufferPointer) {
        if carry.count - carried < bytes.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * (carried + bytes.count), alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: carry[0..<carried]))
            carry.deallocate()
            carry = larger
        }
        UnsafeMutableRawBufferPointer(rebasing: carry[carried...]).copyMemory(from: bytes)
        carried += bytes.count
    }
}
