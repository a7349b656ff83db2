/// Reads the XML on two libxml2 push parsers: the byte stream is cut between top-level elements
/// (see ``SegmentCutter``), alternate segments go to each parser, and the segments' records and
/// counts are taken back in file order, so the reader yields and reports exactly what one parser
/// would, errors with their lines and columns included.
///
/// The first segment holds the prolog, the root tag, the facts and the first records; it is
/// parsed alone, so the export's facts reach the reader before any type's plan is asked for.
/// The second parser first reads the bytes up to the first record quietly, to stand where the
/// first one stood. Each segment's parser says whether it ended between top-level elements;
/// when one did not (the cut was not where an element starts) or the second parser's start
/// went wrong, what the other parser read after that point is dropped, and the rest of the
/// export goes to the parser that read up to it, as a one-parser read would go on. Input with
/// no usable cuts (no line structure), or in an encoding other than UTF-8, is read by one
/// parser, in chunks as they come.
///
/// Every segment's bytes stay in memory until its outcome is taken; at most two segments are
/// parsed at once, so memory stays flat.
final class SegmentedRead {
    struct Segment {
        var index: Int
        var buffer: SegmentBuffer
        /// The line of the segment's first byte, and its offset in the file.
        var line: Int
        var offset: Int
        /// Whether the segment's text needs no character checks (see ``RecordScan/feed(_:textIsRepaired:)``).
        var textIsRepaired: Bool
        var isLast: Bool
    }

    /// How many segments were parsed on two parsers, and how many one parser read on its own.
    struct Statistics: Equatable {
        var parallel = 0
        var serial = 0
    }

    private let displayName: String
    private let plan: SharedPlan
    private let body: (HealthRecord) throws -> Void
    private let segmentBytes: Int
    private let scanning: Bool
    private var parsers: [SegmentParser] = []
    /// Segments parsed or being parsed whose outcome is not taken yet, in file order, with the
    /// parser of each and whether it was handed out while both parsers were in use.
    private var inFlight: [(segment: Segment, parser: Int, parallel: Bool)] = []
    /// Segments cut but not yet handed to a parser, in file order.
    private var waiting: [Segment] = []
    /// Once set, every segment goes to this parser, which follows on from its last bytes.
    private var serialParser: Int?
    /// The bytes up to the first record, for the second parser's start.
    private var head: SegmentBuffer?
    private let cutting: SegmentCutting
    private(set) var report = ReadReport()
    private(set) var statistics = Statistics()
    /// The export version known when the first segment is parsed, as a one-parser read sets it.
    var exportVersion: Int?
    /// Whether the text read so far needs no character checks, for the segments cut from it.
    var textIsRepaired = false
    /// Whether the export is UTF-8, as it declares or by default; any other encoding is read by one parser.
    var textIsUTF8 = true

    init(
        displayName: String, plan: @escaping (RecordKind, String) -> TypePlan, segmentBytes: Int, scanning: Bool,
        _ body: @escaping (HealthRecord) throws -> Void
    ) {
        self.scanning = scanning
        self.displayName = displayName
        self.plan = SharedPlan(plan)
        self.body = body
        self.segmentBytes = segmentBytes
        cutting = SegmentCutting(segmentBytes: segmentBytes)
    }

    /// Waits for the parsers and ends their threads, dropping outcomes not taken yet.
    func stop() {
        for (_, parser, _) in inFlight { _ = parsers[parser].awaitOutcome() }
        inFlight.removeAll()
        for parser in parsers { parser.stop() }
    }

    /// Whether the first parser saw the `HealthData` root.
    var sawRoot: Bool { parsers.first?.state.sawRoot ?? false }

    // MARK: Cutting

    /// Reads the chunks `next` hands over (`false` at the end) and parses them.
    func run(_ next: (_ take: (UnsafeRawBufferPointer) -> Void) throws -> Bool) throws {
        var line = 1
        var offset = 0
        var index = 0
        /// The segment `buffer`, next in the file, which ends the file when `isLast`.
        func segment(_ buffer: SegmentBuffer, isLast: Bool = false) -> Segment {
            defer {
                index += 1
                offset += buffer.count
            }
            return Segment(
                index: index, buffer: buffer, line: line, offset: offset, textIsRepaired: textIsRepaired, isLast: isLast
            )
        }
        while true {
            let more: Bool
            do {
                more = try next { cutting.append($0) }
            } catch {
                // A one-parser read has parsed every byte before the failure: so do these.
                try enqueue(segment(cutting.takePending()))
                try finish()
                throw error
            }
            guard more else { break }
            if index == 0, serialParser == nil, !textIsUTF8 {
                // libxml2 converts another encoding as the bytes come, and where a conversion
                // error stops it depends on how they came: one parser takes them as one would.
                serialParser = 0
            }
            if serialParser != nil {
                try enqueue(segment(cutting.takePending()))
                continue
            }
            guard cutting.pending.count >= segmentBytes else { continue }
            if let buffer = cutting.cut() {
                if index == 0, let headEnd = cutting.headEnd {
                    head = cutting.takeBuffer()
                    head!.append(UnsafeRawBufferPointer(rebasing: buffer.bytes[..<headEnd]))
                }
                try enqueue(segment(buffer))
                line += SegmentCutter.newlines(in: buffer.bytes)
            } else if cutting.isUnstructured {
                // No cut in megabytes: this part of the export has no line structure to cut along,
                // so the parser of the last segment reads on from where it stopped.
                serialParser = index == 0 ? 0 : (index - 1) % 2
                try enqueue(segment(cutting.takePending()))
            }
        }
        try enqueue(segment(cutting.takePending(), isLast: true))
        try finish()
    }

    // MARK: Handing out

    private func enqueue(_ segment: Segment) throws {
        waiting.append(segment)
        try dispatch()
    }

    /// Hands the waiting segments to their parsers, taking outcomes in file order to free them.
    private func dispatch() throws {
        while let segment = waiting.first {
            // The first parser takes segment 2 only once the second parser's start (segment 1)
            // is known to be usable: when it is not, the first parser must go on from segment 1,
            // which it cannot once it has read segment 2 (and, were that the last, ended).
            if segment.index == 2, serialParser == nil, inFlight.contains(where: { $0.segment.index == 1 }) {
                try takeOldest()
                continue
            }
            let target = serialParser ?? segment.index % 2
            if inFlight.contains(where: { $0.parser == target }) {
                try takeOldest()
                continue
            }
            waiting.removeFirst()
            if target == parsers.count {
                parsers.append(
                    try SegmentParser(displayName: displayName, plan: plan.callAsFunction, scanning: scanning))
            }
            var job = SegmentParser.Job(
                segment: segment.buffer, start: nil, head: nil, textIsRepaired: segment.textIsRepaired,
                isLast: segment.isLast)
            if serialParser == nil, segment.index > 0 {
                job.start = (segment.line, segment.offset)
                if target == 1 { job.head = head }
            }
            if segment.index == 0, let exportVersion, parsers[0].state.report.facts.version == nil {
                parsers[0].state.report.facts.version = exportVersion
            }
            parsers[target].submit(job)
            inFlight.append((segment, target, serialParser == nil))
            if serialParser == nil { statistics.parallel += 1 } else { statistics.serial += 1 }
            // The facts go out with the first segment: take it before the next parser starts.
            if segment.index == 0 { try takeOldest() }
        }
    }

    /// Takes the oldest outcome: yields its records, adds its counts, and decides how to go on.
    private func takeOldest() throws {
        let (segment, parser, parallel) = inFlight.removeFirst()
        var outcome = parsers[parser].awaitOutcome(facts: body)
        if segment.index > 0, parser == 1, head != nil, parallel {
            // The second parser has started: it no longer needs the head.
            if outcome.headUsable { cutting.recycle(head!) }
            head = nil
        }
        guard outcome.headUsable else {
            // The second parser could not start where the first stood: the first goes on alone.
            try goSerial(on: 1 - parser, replaying: segment)
            return
        }
        // Popped from the end of the reversed array, each record moves out instead of being copied.
        var records: [HealthRecord] = []
        swap(&records, &outcome.records)
        records.reverse()
        while let record = records.popLast() { try body(record) }
        if segment.index == 0 {
            report.facts = outcome.report.facts
        }
        report.add(outcome)
        if let failure = outcome.failure { throw failure.value }
        if parallel, !segment.isLast, !outcome.endsBetweenElements {
            statistics.parallel -= 1
            statistics.serial += 1
            try goSerial(on: parser, replaying: nil)
        }
        cutting.recycle(segment.buffer)
    }

    /// From now on `parser` reads every segment; the other parser's work past the last outcome
    /// taken is dropped and its segments (after `first`, when given) go to `parser` again.
    private func goSerial(on parser: Int, replaying first: Segment?) throws {
        serialParser = parser
        var replay = first.map { [$0] } ?? []
        for (segment, other, _) in inFlight {
            _ = parsers[other].awaitOutcome()
            replay.append(segment)
        }
        statistics.parallel -= replay.count
        inFlight.removeAll()
        waiting.insert(contentsOf: replay, at: 0)
    }

    private func finish() throws {
        try dispatch()
        while !inFlight.isEmpty {
            try takeOldest()
            try dispatch()
        }
    }
}
