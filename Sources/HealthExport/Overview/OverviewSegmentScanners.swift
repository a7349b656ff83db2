/// The threads that scan the overview's segments: each segment starts between two top-level
/// elements, and comes back as its figures and the bytes it hands over, which the reading
/// thread adds up and feeds to its parser in file order. Whichever thread is free takes the
/// next segment, so neither waits while the other works through a slow one.
final class OverviewSegmentScanners {
    /// A segment to scan.
    struct Job: Sendable {
        /// The segment's bytes; the reading thread keeps the buffer until the outcome is taken.
        var segment: SegmentBuffer
        /// The file offset of the segment's first byte (a line feed).
        var offset: Int
        /// Whether the file ends with this segment.
        var isLast: Bool
        /// Whether the bytes are text as ``ExportRepair`` hands it out (see ``OverviewScanner/textIsRepaired``).
        var textIsRepaired: Bool
        /// Where the outcome goes.
        var reply: BoundedQueue<Outcome>
    }

    /// What scanning one segment gave.
    struct Outcome: Sendable {
        var tallies = SampleTallies()
        var count = 0
        var unknownElements: [String: Int] = [:]
        var handedOver = HandedOver()
        /// The line feeds scanned.
        var newlines = 0
        /// Whether the scan ended between top-level elements with every byte consumed: only
        /// then does the next segment start where a one-thread scan would stand.
        var endsBetweenElements = false
        /// What stopped the scan (the scanner being unsure), as a one-thread scan meets it.
        var failure: (any Error)?

        var figures: OverviewScanner.Figures {
            (tallies, count, unknownElements)
        }
    }

    /// Segments handed out and not yet taken: enough that a thread finds the next one ready.
    static let depth = 4

    private let jobs = BoundedQueue<Job>(capacity: depth)
    private var threads: [WorkerThread<Void>] = []

    /// Starts `count` scanning threads.
    init(count: Int) {
        let jobs = self.jobs
        for _ in 0..<count {
            let handle = Handover(SegmentScan())
            threads.append(
                WorkerThread(name: "scanner") {
                    while let job = jobs.pop() { job.reply.push(handle.value.run(job)) }
                })
        }
    }

    /// Hands a segment to the next free thread; its outcome comes through `reply`.
    func submit(_ job: Job) {
        jobs.push(job)
    }

    /// Ends the threads once they have scanned what was submitted.
    func stop() {
        jobs.close()
        for thread in threads { thread.join() }
    }

    /// The scanner, kept from segment to segment so that its interned strings stay known.
    private final class SegmentScan {
        let recording = HandOverRecording()
        var scanner: OverviewScanner

        init() {
            scanner = OverviewScanner(delegate: recording)
        }

        func run(_ job: Job) -> Outcome {
            var outcome = Outcome()
            scanner.startSegment(at: job.offset, line: 1)
            scanner.textIsRepaired = job.textIsRepaired
            let bytes = job.segment.bytes
            do {
                let consumed = try scanner.scan(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count, final: job.isLast)
                // White space left at the end waits for a `<` that the next segment brings.
                let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
                outcome.endsBetweenElements =
                    (rest.isEmpty
                        || ByteScan.isWhitespace(rest.baseAddress!.assumingMemoryBound(to: UInt8.self), rest.count))
                    && scanner.isBetweenElements
            } catch {
                outcome.failure = error
            }
            outcome.newlines = scanner.line - 1
            (outcome.tallies, outcome.count, outcome.unknownElements) = scanner.takeFigures()
            outcome.handedOver = recording.take()
            return outcome
        }
    }
}
