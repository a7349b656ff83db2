/// One of the two threads that scan the overview's segments: each segment starts between two
/// top-level elements, and comes back as its figures and the bytes it hands over, which the
/// reading thread adds up and feeds to its parser in file order.
final class OverviewSegmentScanner {
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

        var figures: (tallies: SampleTallies, count: Int, unknownElements: [String: Int]) {
            (tallies, count, unknownElements)
        }
    }

    /// How many segments a scanner takes before its first outcome is taken: the next one
    /// waits ready, so the scanner does not idle while the reading thread reads and cuts.
    static let depth = 2

    private let jobs = BoundedQueue<Job>(capacity: depth)
    private let outcomes = BoundedQueue<Outcome>(capacity: depth)
    private let thread: WorkerThread<Void>

    init() {
        let (jobs, outcomes) = (self.jobs, self.outcomes)
        let handle = Handle(scan: SegmentScan())
        thread = WorkerThread(name: "scanner") {
            while let job = jobs.pop() { outcomes.push(handle.scan.run(job)) }
        }
    }

    /// Carries the scanner to its thread, the only one that uses it.
    private struct Handle: @unchecked Sendable {
        let scan: SegmentScan
    }

    /// Starts scanning `job` on the thread once the jobs before it are done; at most ``depth`` jobs may be waiting.
    func submit(_ job: Job) {
        jobs.push(job)
    }

    /// Waits for the outcome of the oldest job submitted.
    func awaitOutcome() -> Outcome {
        outcomes.pop()!
    }

    /// Ends the thread; the scanner must be idle.
    func stop() {
        jobs.close()
        thread.join()
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
                outcome.endsBetweenElements = consumed == bytes.count && scanner.isBetweenElements
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
