import Dispatch
import HealthExport

/// A record with its content-derived identity.
public struct IdentifiedRecord: Sendable {
    /// The record.
    public var record: HealthRecord
    /// Its stable ID.
    public var id: RecordID
}

/// Per-type counts of a run. They add up: `read == new + alreadyImported + outsideWindow + invalid`.
public struct TypeCounts: Sendable, Equatable, Codable {
    /// Records emitted or stored.
    public var new = 0
    /// Records skipped because an earlier import has them.
    public var alreadyImported = 0
    /// Records before the window.
    public var outsideWindow = 0
    /// Records that could not be read.
    public var invalid = 0

    /// Every record of the type that the run read.
    public var read: Int { new + alreadyImported + outsideWindow + invalid }

    /// Creates counts.
    public init(new: Int = 0, alreadyImported: Int = 0, outsideWindow: Int = 0, invalid: Int = 0) {
        self.new = new
        self.alreadyImported = alreadyImported
        self.outsideWindow = outsideWindow
        self.invalid = invalid
    }

    static func + (lhs: TypeCounts, rhs: TypeCounts) -> TypeCounts {
        TypeCounts(
            new: lhs.new + rhs.new, alreadyImported: lhs.alreadyImported + rhs.alreadyImported,
            outsideWindow: lhs.outsideWindow + rhs.outsideWindow, invalid: lhs.invalid + rhs.invalid)
    }
}

/// The outcome of a run over one export.
public struct StreamReport: Sendable {
    /// What the reader saw (facts, repairs, unknown elements, invalid examples).
    public var read: ReadReport
    /// Counts per type, for the selected types.
    public var counts: [String: TypeCounts]

    /// The counts of all types added up.
    public var total: TypeCounts { counts.values.reduce(TypeCounts(), +) }
}

/// Reads an export and hands each selected record over with its ``RecordID`` and the policy's decision.
///
/// Correlation members are also yielded as records of their own, once: a member that the
/// export also lists at top level (as Apple's exports do for blood pressure) is not repeated.
public final class RecordStream {
    private let reader: ExportReader
    private let selection: TypeSelection
    private let policy: ImportPolicy
    private var identity = RecordIdentity()
    private var counts: [String: TypeCounts] = [:]
    /// The type of the last record counted, and its counts not yet in ``counts``: exports list a
    /// type's records together, so most records count without hashing their type.
    private var recent: (type: String, counts: TypeCounts, canBeMember: Bool)?
    /// IDs of records whose types can be correlation members, so members are yielded once.
    private var memberCandidates = Set<RecordID>()

    /// A stream over `reader`'s export, taking the types in `selection` as `policy` decides.
    public init(reader: ExportReader, selection: TypeSelection = .everything, policy: ImportPolicy) {
        self.reader = reader
        self.selection = selection
        self.policy = policy
    }

    /// What the reading thread hands over: batches of records, then how the read ended.
    enum StreamItem {
        case batch([HealthRecord])
        case finished(Result<ReadReport, any Error>)
    }

    /// Records per batch handed from the reading thread to the consuming one.
    static let batchSize = 512

    /// Runs the read. `body` gets every record the policy decides is new; the others are counted.
    ///
    /// The export is parsed on a second thread while `body` runs on the caller's, so parsing
    /// overlaps with identity, encoding and storage. The policy's ``ImportPolicy/prepare(facts:)``
    /// and ``ImportPolicy/earliestStart(kind:type:)`` run on the parsing thread, before the
    /// records they concern reach ``ImportPolicy/decide(_:id:)`` on the caller's.
    public func run(_ body: @escaping (IdentifiedRecord) throws -> Void) throws -> StreamReport {
        let selection = self.selection
        let policy = self.policy
        reader.plan = { kind, type in
            guard selection.selects(kind: kind, type: type) || kind == .correlation else { return .skip }
            return policy.earliestStart(kind: kind, type: type).map(TypePlan.startingAt) ?? .all
        }
        let channel = BoundedQueue<StreamItem>(capacity: 4)
        let reading = Handover(value: (reader, policy))
        let readerDone = DispatchGroup()
        readerDone.enter()
        DispatchQueue.global().async {
            defer { readerDone.leave() }
            let (reader, policy) = reading.value
            var batch: [HealthRecord] = []
            batch.reserveCapacity(Self.batchSize)
            let result = Result {
                try reader.read { record in
                    if case .export(let facts) = record { policy.prepare(facts: facts) }
                    batch.append(record)
                    if batch.count == Self.batchSize {
                        guard channel.push(.batch(batch)) else { throw ConsumerStopped() }
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            // Records read before a failure are still handed over, then the failure.
            if !batch.isEmpty { channel.push(.batch(batch)) }
            channel.push(.finished(result))
        }
        // Whatever happens here, the reading thread is done before this returns.
        defer { readerDone.wait() }
        var failure: (any Error)?
        var readReport = ReadReport()
        receiving: while let item = channel.pop() {
            switch item {
            case .batch(let records):
                do {
                    for record in records { try handle(record, body: body) }
                } catch {
                    failure = error
                    channel.close(discarding: true)
                    break receiving
                }
            case .finished(let result):
                switch result {
                case .success(let report): readReport = report
                case .failure(let error): failure = error
                }
                break receiving
            }
        }
        flushRecent()
        if let failure { throw failure }
        for (type, count) in readReport.outsideWindow where selects(type: type) {
            counts[type, default: TypeCounts()].outsideWindow += count
        }
        for (type, count) in readReport.invalidCounts {
            counts[type, default: TypeCounts()].invalid += count
        }
        readReport.outsideWindow = [:]
        return StreamReport(read: readReport, counts: counts)
    }

    private func selects(type: String) -> Bool {
        selection.selectsEverything || RecordKind.allCases.contains { selection.selects(kind: $0, type: type) }
    }

    private func handle(_ record: HealthRecord, body: (IdentifiedRecord) throws -> Void) throws {
        if case .export = record, !selection.selects(kind: .export, type: record.type) { return }
        let id = identity.id(of: record)
        switch record {
        case .correlation(let correlation):
            if selection.selects(kind: .correlation, type: correlation.header.type) {
                try pass(record, id: id, body: body)
            }
            for member in correlation.members {
                let memberRecord = member.record
                guard selection.selects(kind: memberRecord.kind, type: memberRecord.type) else { continue }
                let memberID = identity.id(of: memberRecord)
                guard memberCandidates.insert(memberID).inserted else { continue }
                if let start = policy.earliestStart(kind: memberRecord.kind, type: memberRecord.type),
                    memberRecord.start.map({ $0 < start }) == true
                {
                    select(memberRecord.type)
                    recent!.counts.outsideWindow += 1
                    continue
                }
                try pass(memberRecord, id: memberID, body: body)
            }
        case .quantity(let sample) where canBeCorrelationMember(sample.header.type):
            guard memberCandidates.insert(id).inserted else { return }
            try pass(record, id: id, body: body)
        default:
            try pass(record, id: id, body: body)
        }
    }

    private func pass(_ record: HealthRecord, id: RecordID, body: (IdentifiedRecord) throws -> Void) throws {
        let decision = policy.decide(record, id: id)
        select(record.type)
        switch decision {
        case .new:
            recent!.counts.new += 1
            try body(IdentifiedRecord(record: record, id: id))
        case .alreadyImported:
            recent!.counts.alreadyImported += 1
        case .outsideWindow:
            recent!.counts.outsideWindow += 1
        }
    }

    /// Makes `type` the one ``recent`` counts.
    private func select(_ type: String) {
        if recent?.type == type { return }
        flushRecent()
        recent = (type, TypeCounts(), Self.canBeCorrelationMember(type))
    }

    private func flushRecent() {
        guard let recent else { return }
        counts[recent.type] = (counts[recent.type] ?? TypeCounts()) + recent.counts
        self.recent = nil
    }

    private func canBeCorrelationMember(_ type: String) -> Bool {
        select(type)
        return recent!.canBeMember
    }

    static func canBeCorrelationMember(_ type: String) -> Bool {
        type.hasPrefix("HKQuantityTypeIdentifierBloodPressure") || type.hasPrefix("HKQuantityTypeIdentifierDietary")
    }
}
