/// How a record read hands its bytes to a ``ParseState``: through an ``OverviewScanner`` that
/// reads the elements itself (see ``ScannedRecords``) and gives only the prolog, the root tag
/// and the export's facts to libxml2, at their own line and column. From the first thing the
/// scanner is not sure of (a malformed file, CDATA, text between elements, a late `ExportDate`,
/// ...), libxml2 reads the rest alone, from the start of that element, so it meets every error
/// where a read by libxml2 alone meets it.
///
/// Without scanning (``ExportReader/scansRecords``), every byte goes to libxml2.
final class RecordScan {
    let state: ParseState
    let delegate: DelegateParser
    private var scanner: OverviewScanner
    private let carry = ScanCarry()
    /// Whether the scanner still reads; once not, libxml2 reads every byte.
    private(set) var scanning: Bool

    init(state: ParseState, scanning: Bool) throws(ExportError) {
        self.state = state
        delegate = try DelegateParser(state: state)
        scanner = OverviewScanner(delegate: delegate)
        scanner.records = ScannedRecords(state: state, capacity: OverviewScanner.attributeLimit)
        self.scanning = scanning
    }

    /// How many top-level elements the scan read itself (see ``ScannedRecords``).
    var elementsScanned: Int { scanner.records?.count ?? 0 }

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
        do {
            try carry.scan(chunk, with: &scanner)
        } catch is OverviewScanner.Unsure {
            let bytes = carry.scanned
            handOver(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        } catch {
            // The parse's failure, which the state holds.
        }
    }

    /// Reads what is left at the end of the file and ends the document.
    func finish() {
        if scanning, state.failure == nil {
            let waiting = carry.waiting
            let base = waiting.baseAddress!.assumingMemoryBound(to: UInt8.self)
            do {
                _ = try scanner.scan(base, count: waiting.count, final: true)
            } catch is OverviewScanner.Unsure {
                handOver(base, count: waiting.count)
            } catch {
                // The parse's failure, which the state holds.
            }
            carry.removeAll()
        }
        guard state.failure == nil else { return }
        try? delegate.finish()
    }

    /// Whether every byte handed in was read and the parse stands between top-level elements.
    var isBetweenElements: Bool { carry.holdsOnlySpace && (!scanning || scanner.isBetweenElements) }

    /// Goes on from a segment's start, at file offset `offset` on line `line` (see
    /// ``OverviewScanner/startSegment(at:line:)``); the parse must stand between elements.
    func startSegment(at offset: Int, line: Int) {
        precondition(carry.holdsOnlySpace)
        carry.removeAll()
        // The segment starts with a line feed, which resets libxml2's column.
        delegate.move(line: line, column: 1)
        if scanning { scanner.startSegment(at: offset, line: line) }
    }

    /// From here on libxml2 reads alone: the `count` bytes at `base` go to it from where the
    /// scanner stopped being sure (see ``OverviewScanner/handOverPoint()``).
    private func handOver(_ base: UnsafePointer<UInt8>, count: Int) {
        scanning = false
        let from = scanner.handOverPoint()
        if from < count { try? delegate.feed(base + from, count - from) }
        carry.removeAll()
    }
}
