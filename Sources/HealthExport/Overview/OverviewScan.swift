/// The overview's scan on the reading thread: the ``OverviewScanner`` that reads the file from
/// its start (and any part of it not shared out to segment threads), the ``DelegateParser``
/// every handed-over element goes to, and the read's figures, gathered in file order.
final class OverviewScan {
    let state: ParseState
    let parser: DelegateParser
    private(set) var scanner: OverviewScanner
    private let carry = ScanCarry()
    /// The figures of the samples counted so far, in file order.
    private(set) var tallies = SampleTallies()
    private(set) var elementsCounted = 0
    private(set) var unknownElements: [String: Int] = [:]

    init(
        displayName: String, plan: @escaping (RecordKind, String) -> TypePlan,
        body: @escaping (HealthRecord) throws -> Void
    ) throws {
        state = ParseState(displayName: displayName, plan: plan, sink: body)
        parser = try DelegateParser(state: state)
        scanner = OverviewScanner(delegate: parser)
    }

    /// Scans the next bytes of the file; a token they cut off waits for the next call.
    func scan(_ chunk: UnsafeRawBufferPointer) throws {
        guard !chunk.isEmpty else { return }
        try overviewStep { try carry.scan(chunk, with: &scanner) }
    }

    /// Whether every byte handed in was scanned and the scanner stands between top-level elements.
    var isBetweenElements: Bool { carry.holdsOnlySpace && scanner.isBetweenElements }

    /// Whether the input is text as ``ExportRepair`` hands it out (see ``OverviewScanner/textIsRepaired``).
    var textIsRepaired: Bool {
        get { scanner.textIsRepaired }
        set { scanner.textIsRepaired = newValue }
    }

    /// The line of the next byte to scan.
    var line: Int { scanner.line }

    /// Goes on from a segment's start (see ``OverviewScanner/startSegment(at:line:)``); the
    /// scan must stand between elements.
    func startSegment(at offset: Int, line: Int) {
        precondition(carry.holdsOnlySpace)
        carry.removeAll()
        scanner.startSegment(at: offset, line: line)
    }

    /// Adds what the reading thread's scanner counted since the last call to the figures.
    func takeScannerFigures() {
        add(scanner.takeFigures())
    }

    /// Adds a segment's figures, counted after every figure added before.
    func add(_ figures: OverviewScanner.Figures) {
        tallies.merge(figures.tallies)
        elementsCounted += figures.count
        for (name, count) in figures.unknownElements { unknownElements[name, default: 0] += count }
    }

    /// Scans what is left at the end of the file and ends the document.
    func finish() throws {
        let waiting = carry.waiting
        _ = try overviewStep {
            try scanner.scan(
                waiting.baseAddress!.assumingMemoryBound(to: UInt8.self), count: waiting.count, final: true)
        }
        carry.removeAll()
        try endDocument()
    }

    /// Ends the document, the last bytes having been scanned (here or on a segment's thread).
    func endDocument() throws {
        takeScannerFigures()
        try overviewStep { try parser.finish() }
    }
}

/// Runs a step of the overview, turning what the full reader would report as malformed into
/// ``ExportReader/OverviewUnavailable``; errors of the input or of the records' consumer pass unchanged.
func overviewStep<T>(_ step: () throws -> T) throws -> T {
    do {
        return try step()
    } catch let unsure as OverviewScanner.Unsure {
        throw ExportReader.OverviewUnavailable(reason: unsure.reason)
    } catch let error as ExportError where [.malformed, .truncated, .notAnExport].contains(error.code) {
        throw ExportReader.OverviewUnavailable(reason: error.description)
    }
}
