import HealthExport

/// Reads an export and hands each selected record over with its ``RecordID`` and the policy's decision.
///
/// Correlation members are also yielded as records of their own, once: a member that the
/// export also lists at top level (as Apple's exports do for blood pressure) is not repeated.
public final class RecordStream {
    private let reader: any RecordSource
    private let selection: TypeSelection
    private let policy: any ImportPolicy
    // The stream runs on one thread and never lends these out: the per-record dynamic
    // exclusivity checks cost more than the identity of a plain record.
    @exclusivity(unchecked) private var identity = RecordIdentity()
    @exclusivity(unchecked) private var counts: [String: TypeCounts] = [:]
    /// The type of the last record counted, and its counts not yet in ``counts``: exports list a
    /// type's records together, so most records count without hashing their type.
    @exclusivity(unchecked) private var recent = RecentType(type: "", isMemberType: false, isCounting: false)
    /// IDs of records whose types can be correlation members, so members are yielded once.
    @exclusivity(unchecked) private var memberCandidates = CorrelationMembers()
    /// Records whose content can change, seen in this run: their repeats are marked.
    @exclusivity(unchecked) private var changeable = ChangeableRepeats()

    /// The IDs of the records taken or recognised, per type (for repeats and deletions).
    @exclusivity(unchecked) private var sightings = RunSightings()

    private struct RecentType {
        var type: String
        var isMemberType: Bool
        /// False only before the first record: a record's type can be empty (a vision
        /// prescription without its `type`), so no type name can mark that state.
        var isCounting = true
        var counts = TypeCounts()
        var keys: [UInt64] = []
    }

    /// Called with every record the run reads inside its window, new or not, before `body`.
    public var observe: ((IdentifiedRecord, RecordDecision) -> Void)?

    /// A stream over `reader`'s export, taking the types in `selection` as `policy` decides.
    public init(reader: any RecordSource, selection: TypeSelection = .everything, policy: any ImportPolicy) {
        self.reader = reader
        self.selection = selection
        self.policy = policy
    }

    /// What the reading thread hands over: batches of records, with their IDs when it derived
    /// them, then how the read ended.
    enum StreamItem: Sendable {
        case records([HealthRecord])
        case identified([IdentifiedRecord])
        case finished(Result<ReadReport, any Error>)
    }

    /// Records per batch handed from the reading thread to the consuming one.
    static let batchSize = 512

    /// Runs the read. `body` gets every record the policy decides is new; the others are counted.
    ///
    /// The export is parsed on a second thread while `body` runs on the caller's, so parsing
    /// overlaps with identity, encoding and storage. When the reader parses on threads of its
    /// own (`RecordSource.parsesOnOwnThreads`), that second thread has little else to do and
    /// derives the IDs too, in file order as ``RecordIdentity`` needs them. The policy's
    /// ``ImportPolicy/prepare(facts:)`` and ``ImportPolicy/earliestStart(kind:type:)`` run on
    /// the parsing thread, before the
    /// records they concern reach ``ImportPolicy/decide(_:id:)`` on the caller's.
    public func run(_ body: (IdentifiedRecord) throws -> Void) throws -> StreamReport {
        try runTakingRecords { item in try body(item) }
    }

    /// ``run(_:)`` handing each record over to `body` to keep: one that stores the records it
    /// gets (a writer's batch) takes them without copying them.
    package func runTakingRecords(_ body: (consuming IdentifiedRecord) throws -> Void) throws -> StreamReport {
        let selection = self.selection
        let policy = self.policy
        reader.plan = { kind, type in
            guard selection.selects(kind: kind, type: type) || kind == .correlation else { return .skip }
            return policy.earliestStart(kind: kind, type: type).map(TypePlan.startingAt) ?? .all
        }
        let channel = BoundedQueue<StreamItem>(capacity: 4)
        let reading = Handover((reader, policy))
        let readingThread = WorkerThread(name: "reader") {
            let (reader, policy) = reading.value
            var batch = ReadingBatch(identifying: reader.parsesOnOwnThreads)
            let result = Result {
                try reader.read { record in
                    if case .export(let facts) = record { policy.prepare(facts: facts) }
                    if batch.append(record) {
                        guard channel.push(batch.take()) else { throw ConsumerStopped() }
                    }
                }
            }
            // Records read before a failure are still handed over, then the failure.
            if !batch.isEmpty { channel.push(batch.take()) }
            channel.push(.finished(result))
        }
        // Whatever happens here, the reading thread is done before this returns.
        defer { readingThread.join() }
        var failure: (any Error)?
        var readReport = ReadReport()
        receiving: while let item = channel.pop() {
            do {
                switch item {
                case .records(let records):
                    for record in records { try handle(Self.identified(record, with: &identity), body: body) }
                case .identified(let items):
                    for item in items { try handle(item, body: body) }
                case .finished(let result):
                    switch result {
                    case .success(let report): readReport = report
                    case .failure(let error): failure = error
                    }
                    break receiving
                }
            } catch {
                failure = error
                channel.close(discarding: true)
                break receiving
            }
        }
        flushRecent()
        if let failure { throw failure }
        try sightings.finish()
        for (type, count) in sightings.repeats {
            counts[type, default: TypeCounts()].new -= count.takenAsNew
            counts[type, default: TypeCounts()].alreadyImported -= count.takenAsAlready
            counts[type, default: TypeCounts()].repeated += count.total
        }
        for (type, count) in readReport.outsideWindow where selects(type: type) {
            counts[type, default: TypeCounts()].outsideWindow += count
        }
        for (type, count) in readReport.invalidCounts {
            counts[type, default: TypeCounts()].invalid += count
        }
        readReport.outsideWindow = [:]
        return StreamReport(read: readReport, counts: counts, sightings: sightings)
    }

    private func selects(type: String) -> Bool {
        selection.selectsEverything || RecordKind.allCases.contains { selection.selects(kind: $0, type: type) }
    }

    /// `record` with its ID, and a correlation with its members' IDs.
    ///
    /// Takes `record` by value so that the plain case, most of an export, moves it into the
    /// ``IdentifiedRecord`` instead of copying it.
    static func identified(_ record: consuming HealthRecord, with identity: inout RecordIdentity) -> IdentifiedRecord {
        let id = identity.id(of: record)
        guard case .correlation(let correlation) = record else { return IdentifiedRecord(record: record, id: id) }
        let memberIDs = correlation.members.map { identity.id(of: $0.record) }
        return IdentifiedRecord(record: record, id: id, memberIDs: memberIDs)
    }

    private func handle(_ item: consuming IdentifiedRecord, body: (consuming IdentifiedRecord) throws -> Void) throws {
        // The type is read once and passed on; matching a sample's case binds (copies) it whole.
        let type = item.record.type
        switch item.record {
        case .export:
            guard selection.selects(kind: .export, type: type) else { return }
            try pass(item, type: type, body: body)
        case .correlation(let correlation):
            let memberIDs = item.memberIDs
            if selection.selects(kind: .correlation, type: type) {
                try pass(item, type: type, body: body)
            }
            for (member, memberID) in zip(correlation.members, memberIDs) {
                let memberRecord = member.record
                let memberType = memberRecord.type
                guard selection.selects(kind: memberRecord.kind, type: memberType),
                    memberCandidates.isFirst(memberID)
                else { continue }
                if let start = policy.earliestStart(kind: memberRecord.kind, type: memberType),
                    let memberStart = memberRecord.start, memberStart < start
                {
                    tally(.outsideWindow, type: memberType)
                    continue
                }
                try pass(IdentifiedRecord(record: memberRecord, id: memberID), type: memberType, body: body)
            }
        case .quantity:
            if countingType(type), !memberCandidates.isFirst(item.id) { return }
            try pass(item, type: type, body: body)
        default:
            try pass(item, type: type, body: body)
        }
    }

    private func pass(
        _ item: consuming IdentifiedRecord, type: String, body: (consuming IdentifiedRecord) throws -> Void
    ) throws {
        let decision = policy.decide(item.record, id: item.id)
        tally(decision, type: type)
        guard decision != .outsideWindow else { return }
        observe?(item, decision)
        let taken = decision != .alreadyImported
        recent.keys.append(RunSightings.key(item.id, isNew: taken))
        if recent.keys.count == Self.keysHandedOver { handOverKeys() }
        guard taken else { return }
        if CorrectionRules.mayChange(item.record), changeable.isRepeat(item.id) { item.isRepeat = true }
        try body(item)
    }

    /// Counts one record of `type` under `decision`.
    private func tally(_ decision: RecordDecision, type: String) {
        countingType(type)
        switch decision {
        case .new, .recheck: recent.counts.new += 1
        case .alreadyImported: recent.counts.alreadyImported += 1
        case .outsideWindow: recent.counts.outsideWindow += 1
        }
    }

    /// Makes `type` the one ``recent`` counts (flushing the previous type's counts); returns
    /// whether its records can be correlation members.
    @discardableResult
    private func countingType(_ type: String) -> Bool {
        if recent.type != type || !recent.isCounting {
            flushRecent()
            // The next type gathers its keys in the same (emptied) list, which keeps its room.
            let keys = recent.keys
            recent = RecentType(type: type, isMemberType: Self.canBeCorrelationMember(type))
            recent.keys = keys
        }
        return recent.isMemberType
    }

    private func flushRecent() {
        guard recent.isCounting else { return }
        counts[recent.type] = (counts[recent.type] ?? TypeCounts()) + recent.counts
        recent.counts = TypeCounts()
        handOverKeys()
    }

    /// Keys of one type gathered before they go to `sightings` (which bounds their memory).
    private static let keysHandedOver = 1 << 14

    private func handOverKeys() {
        guard !recent.keys.isEmpty else { return }
        sightings.add(type: recent.type, keys: recent.keys)
        recent.keys.removeAll(keepingCapacity: true)
    }

    /// Whether records of `type` can be members of a correlation (blood pressure, food).
    static func canBeCorrelationMember(_ type: String) -> Bool {
        Correlation.isMemberType(type)
    }
}
