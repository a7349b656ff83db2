/// Scans the export for the overview on two threads: the byte stream is cut between top-level
/// elements (see ``SegmentCutter``), the first segment (prolog, root tag, facts, first records)
/// is scanned on the reading thread, and later segments on two ``OverviewSegmentScanners``
/// threads. The reading thread takes their outcomes in file order: it adds up their figures
/// and feeds what they handed over to its ``DelegateParser``, so the overview yields and counts
/// exactly what a one-thread scan would.
///
/// When a segment does not end between top-level elements (the cut was not where an element
/// starts), its outcome and those after it are dropped and the reading thread scans the rest
/// of the file itself from that segment's start, as it does for input with no usable cuts.
final class SegmentedOverview {
    struct Segment {
        var index: Int
        var buffer: SegmentBuffer
        /// The file offset of the segment's first byte.
        var offset: Int
        var isLast: Bool
    }

    private let scan: OverviewScan
    private var scanners: OverviewSegmentScanners?
    /// Segments being scanned, in file order, with where the outcome of each comes.
    private var inFlight: [(segment: Segment, reply: BoundedQueue<OverviewSegmentScanners.Outcome>)] = []
    /// Once set, the reading thread scans every byte left itself.
    private var serial = false
    /// The line of the first byte of the oldest segment whose outcome is not taken.
    private var nextLine = 1
    private let cutting: SegmentCutting
    /// How many segments the workers scanned, and how many the reading thread scanned alone
    /// after the first (serial: bytes it scanned in pieces of a segment's size or less).
    private(set) var statistics = SegmentedRead.Statistics()

    init(scan: OverviewScan, segmentBytes: Int) {
        self.scan = scan
        cutting = SegmentCutting(segmentBytes: segmentBytes)
    }

    /// Waits for the workers and ends their threads, dropping outcomes not taken yet.
    func stop() {
        for (_, reply) in inFlight { _ = reply.pop() }
        inFlight.removeAll()
        scanners?.stop()
    }

    /// Reads the chunks `next` hands over (`false` at the end), scans them and ends the document.
    func run(_ next: (_ take: (UnsafeRawBufferPointer) -> Void) throws -> Bool) throws {
        var offset = 0
        var index = 0
        while true {
            let more: Bool
            do {
                more = try next { cutting.append($0) }
            } catch {
                // A one-thread scan has scanned every byte before the failure: so does this one.
                try scanHere(cutting.takePending(), at: offset, after: index)
                throw error
            }
            guard more else { break }
            if serial {
                let bytes = cutting.takePending()
                try scan.scan(bytes.bytes)
                statistics.serial += 1
                offset += bytes.count
                cutting.recycle(bytes)
            } else if let segment = cutting.cut() {
                try hand(Segment(index: index, buffer: segment, offset: offset, isLast: false))
                offset += segment.count
                index += 1
            } else if cutting.isUnstructured {
                // No cut in megabytes: the reading thread scans on from here itself.
                let bytes = cutting.takePending()
                try scanHere(bytes, at: offset, after: index)
                offset += bytes.count
                cutting.recycle(bytes)
            }
        }
        if serial {
            try scan.scan(cutting.pending.bytes)
        } else {
            try hand(Segment(index: index, buffer: cutting.takePending(), offset: offset, isLast: true))
        }
        try takeAll()
        if serial { try scan.finish() } else { try scan.endDocument() }
    }

    /// Takes every outcome, then scans `bytes` (at file offset `offset`, after `index`
    /// segments) and all bytes after them on the reading thread.
    private func scanHere(_ bytes: SegmentBuffer, at offset: Int, after index: Int) throws {
        try takeAll()
        if !serial, index > 0 { scan.startSegment(at: offset, line: nextLine) }
        serial = true
        try scan.scan(bytes.bytes)
        statistics.serial += 1
    }

    // MARK: Handing out

    /// Scans the first segment here, or hands a later one to the scanning threads.
    private func hand(_ segment: Segment) throws {
        if serial {
            try scan.scan(segment.buffer.bytes)
            statistics.serial += 1
            cutting.recycle(segment.buffer)
            return
        }
        if segment.index == 0 {
            try scan.scan(segment.buffer.bytes)
            cutting.recycle(segment.buffer)
            // The scan of a file in one segment, or of one that did not end between elements, goes on here.
            if segment.isLast || !scan.isBetweenElements {
                serial = true
                return
            }
            scan.takeScannerFigures()
            nextLine = scan.line
            return
        }
        while inFlight.count >= OverviewSegmentScanners.depth { try takeOldest() }
        if serial { return try hand(segment) }
        if scanners == nil { scanners = OverviewSegmentScanners(count: 2) }
        let reply = BoundedQueue<OverviewSegmentScanners.Outcome>(capacity: 1)
        scanners!.submit(
            .init(
                segment: segment.buffer, offset: segment.offset, isLast: segment.isLast,
                textIsRepaired: scan.textIsRepaired, reply: reply))
        inFlight.append((segment, reply))
    }

    private func takeAll() throws {
        while !inFlight.isEmpty { try takeOldest() }
    }

    /// Takes the oldest outcome: feeds what it handed over, adds its figures, and decides how to go on.
    private func takeOldest() throws {
        let (segment, reply) = inFlight.removeFirst()
        let outcome = reply.pop()!
        if outcome.failure == nil, !segment.isLast, !outcome.endsBetweenElements {
            // Cut where no top-level element starts: scan from this segment on here.
            var rest = [segment]
            for (later, laterReply) in inFlight {
                _ = laterReply.pop()
                rest.append(later)
            }
            inFlight.removeAll()
            scan.startSegment(at: segment.offset, line: nextLine)
            serial = true
            for later in rest { try hand(later) }
            return
        }
        try overviewStep { try outcome.handedOver.replay(into: scan.parser, firstLine: nextLine) }
        if let failure = outcome.failure { try overviewStep { throw failure } }
        scan.add(outcome.figures)
        statistics.parallel += 1
        nextLine += outcome.newlines
        cutting.recycle(segment.buffer)
    }
}
