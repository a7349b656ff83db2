/// One of the two libxml2 push parsers of a segmented read, with its own ``ParseState``, on a
/// thread of its own. It takes one segment at a time and hands back the segment's records and
/// counts, which the cutting thread yields and adds up in file order.
final class SegmentParser {
    /// A segment to parse.
    struct Job: Sendable {
        /// The segment's bytes; the cutting thread keeps the buffer until the outcome is taken.
        var segment: SegmentBuffer
        /// The line the segment's first byte (a line feed) is on and its offset in the file, to
        /// start from before parsing it; `nil` when the segment follows on from the bytes this
        /// parser took last.
        var start: (line: Int, offset: Int)?
        /// The bytes from the start of the file up to the first record (prolog, root tag, facts),
        /// parsed first and quietly by a parser that did not start at the beginning of the file.
        var head: SegmentBuffer?
        /// Whether the segment's text needs no character checks (see ``RecordScan/feed(_:textIsRepaired:)``).
        var textIsRepaired: Bool
        /// Whether the file ends with this segment.
        var isLast: Bool
    }

    /// What parsing one segment gave.
    struct Outcome: Sendable {
        /// The segment's records, in file order (the export's facts go straight to the reader).
        var records: [HealthRecord] = []
        /// The segment's counts, warnings and invalid examples, and the facts as of its end.
        var report = ReadReport()
        /// Whether the segment holds an `ExportDate` or a `Me` element, whose facts then replace earlier ones.
        var wroteExportDate = false
        var wroteProfile = false
        /// The error that stopped the parse, as a one-parser read meets it.
        var failure: Failure?
        /// Whether the parser ended between two top-level elements, inside the root, with every
        /// byte consumed, the export's facts delivered and not changed since: only then does the
        /// next segment, cut at the same place and parsed elsewhere, start where a one-parser read would be.
        var endsBetweenElements = false
        /// Whether the head parsed as it should; when not, nothing else was parsed.
        var headUsable = true
    }

    /// An error on its way from a parser's thread to the reading thread, which alone uses it from then on.
    typealias Failure = Handover<any Error>

    /// The parse state, for the reading thread to look at between segments (the queues order
    /// those looks after the parser's work).
    var state: ParseState { parse.state }

    /// What a parser's thread tells the reading thread: the export's facts, as soon as they are
    /// read (the parser waits until the reader has them), or how a segment went.
    private enum Message: Sendable {
        case facts(HealthRecord)
        case outcome(Outcome)
    }

    /// Whether the reader took the facts, or the error it threw.
    private enum FactsTaken: Sendable {
        case taken
        case failed(Failure)
    }

    /// The reading thread ended the read before taking the facts.
    private struct FactsNotTaken: Error {}

    private let parse: Parse
    private let jobs = BoundedQueue<Job>(capacity: 1)
    private let messages = BoundedQueue<Message>(capacity: 1)
    private let factsTaken = BoundedQueue<FactsTaken>(capacity: 1)
    private let thread: WorkerThread<Void>

    /// A parser deciding with `plan` (called from either parser's thread: it must be safe to call from two).
    init(
        displayName: String, plan: @escaping (RecordKind, String) -> TypePlan, scanning: Bool
    ) throws(ExportError) {
        let (jobs, messages, factsTaken) = (self.jobs, self.messages, self.factsTaken)
        // The facts go to the reader before the parser reads on, so they are known (and the
        // window they set) before any type's plan is asked for, as on one parser.
        let parse = try Parse(displayName: displayName, plan: plan, scanning: scanning) { facts in
            messages.push(.facts(facts))
            if case .failed(let failure) = factsTaken.pop()! { throw failure.value }
        }
        self.parse = parse
        let handle = Handover(parse)
        thread = WorkerThread(name: "parser") {
            while let job = jobs.pop() { messages.push(.outcome(handle.value.run(job))) }
        }
    }

    /// Starts parsing `job` on the parser's thread; the parser must be idle.
    func submit(_ job: Job) {
        jobs.push(job)
    }

    /// Waits for the submitted job's outcome, handing the export's facts to `facts` on the way
    /// when the parser reads them; without `facts`, the parser fails where it would hand them over.
    func awaitOutcome(facts: ((HealthRecord) throws -> Void)? = nil) -> Outcome {
        while true {
            switch messages.pop()! {
            case .outcome(let outcome):
                return outcome
            case .facts(let record):
                do {
                    guard let facts else { throw FactsNotTaken() }
                    try facts(record)
                    factsTaken.push(.taken)
                } catch {
                    factsTaken.push(.failed(Failure(error)))
                }
            }
        }
    }

    /// Ends the parser's thread; the parser must be idle.
    func stop() {
        jobs.close()
        thread.join()
    }

    /// The libxml2 parser, its state and its scan (see ``RecordScan``).
    private final class Parse {
        let state: ParseState
        let scan: RecordScan
        let collector: Collector

        init(
            displayName: String, plan: @escaping (RecordKind, String) -> TypePlan, scanning: Bool,
            facts: @escaping (HealthRecord) throws -> Void
        ) throws(ExportError) {
            let collector = Collector(facts: facts)
            self.collector = collector
            state = ParseState(displayName: displayName, plan: plan, sink: collector.take)
            scan = try RecordScan(state: state, scanning: scanning)
        }

        func run(_ job: Job) -> Outcome {
            if let head = job.head {
                collector.quiet = true
                scan.feed(head.bytes, textIsRepaired: job.textIsRepaired)
                collector.quiet = false
                guard state.failure == nil, isBetweenElements else { return Outcome(headUsable: false) }
                // The parser that read the file from its start has yielded the facts.
                state.factsDelivered = true
            }
            let facts = state.report.facts
            state.report = ReadReport()
            state.report.facts = facts
            state.wroteExportDate = false
            state.wroteProfile = false
            state.factsChangedLate = false
            if let start = job.start { scan.startSegment(at: start.offset, line: start.line) }
            scan.feed(job.segment.bytes, textIsRepaired: job.textIsRepaired)
            if job.isLast, state.failure == nil {
                // Everything is in: what libxml2 still misses now is missing from the file.
                scan.finish()
            }
            var outcome = Outcome()
            swap(&outcome.records, &collector.records)
            collector.records.reserveCapacity(outcome.records.count)
            outcome.report = state.report
            outcome.wroteExportDate = state.wroteExportDate
            outcome.wroteProfile = state.wroteProfile
            outcome.failure = state.failure.map(Failure.init)
            outcome.endsBetweenElements =
                state.failure == nil && isBetweenElements && state.factsDelivered && !state.factsChangedLate
            return outcome
        }

        /// Whether only the root is open and neither the scan nor libxml2 holds a byte back.
        private var isBetweenElements: Bool { scan.isBetweenElements && state.standsBetweenElements }
    }

    /// Gathers a segment's records; hands the export's facts to `facts` as soon as they are read.
    private final class Collector {
        var records: [HealthRecord] = []
        var quiet = false
        let facts: (HealthRecord) throws -> Void

        init(facts: @escaping (HealthRecord) throws -> Void) {
            self.facts = facts
        }

        func take(_ record: consuming HealthRecord) throws {
            if quiet { return }
            if case .export = record { return try facts(record) }
            records.append(record)
        }
    }
}
