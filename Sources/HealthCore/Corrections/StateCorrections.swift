import HealthExport

/// What `records --state` keeps of one type to tell, without a store, what a later export
/// changed: the range the run read completely, how many records it held, an ``IDDifference``
/// of their IDs, and a digest of each record whose content can change.
public struct TypeSnapshot: Sendable, Equatable {
    /// The type.
    public var type: String
    /// The first start of the range (`nil`: the whole history).
    public var from: Int64?
    /// The last start of the range: the export's date.
    public var through: Int64
    /// Records in the range.
    public var count: Int
    /// Their IDs and starts.
    public var table: IDDifference
    /// Per record whose content can change (see ``CorrectionRules/mayChange(_:)``), a digest of its content.
    public var digests: [RecordID: UInt64]
    /// Per sync identity (``StateCorrections/syncKey(source:identifier:)``), the current record's ID.
    public var syncs: [UInt64: RecordID]

    /// Creates a snapshot.
    public init(
        type: String, from: Int64?, through: Int64, count: Int, table: IDDifference, digests: [RecordID: UInt64],
        syncs: [UInt64: RecordID] = [:]
    ) {
        self.type = type
        self.from = from
        self.through = through
        self.count = count
        self.table = table
        self.digests = digests
        self.syncs = syncs
    }

    func contains(start: Int64) -> Bool { start <= through && from.map { start >= $0 } ?? true }
}

/// A deletion `records --state` reports: a record of the earlier snapshot the export no longer holds.
public struct RecordDeletion: Sendable, Equatable {
    public var type: String
    public var id: RecordID
    /// Its start, seconds since 1970 UTC.
    public var start: Int64
    /// Whether a higher sync version replaced it (counted with the update, not as a deletion).
    public var replaced: Bool
}

/// The rules of corrections (``CorrectionRules``, ``DeletionFinder``) for `records --state`:
/// watches every record a run reads, compares content digests, and at the end lists the
/// deletions since the earlier snapshots and makes the new ones.
public final class StateCorrections {
    private let previous: [String: TypeSnapshot]
    private let acceptDeletions: Bool
    /// Per type, the IDs this run read over the previous snapshot's range.
    private var comparisons: [String: IDDifference] = [:]
    /// Per type, the snapshot being built.
    private var building: [String: TypeSnapshot] = [:]
    private var from: Int64?
    private var through: Int64?
    private var prepared = false
    /// IDs of the earlier snapshots that a record with the same sync identity replaced.
    private var replacedIDs = Set<RecordID>()
    /// IDs of this run's records that replace one of the earlier snapshots.
    public private(set) var replacements = Set<RecordID>()

    /// The key of a sync identity: its source and identifier.
    public static func syncKey(source: String, identifier: String) -> UInt64 {
        RecordID(name: "sync\u{1F}\(source)\u{1F}\(identifier)").low
    }

    /// Watches a run starting from `previous` snapshots (by type).
    public init(previous: [String: TypeSnapshot], acceptDeletions: Bool) {
        self.previous = previous
        self.acceptDeletions = acceptDeletions
    }

    /// Notes a record the run read (taken or recognised), once the run's range is known
    /// (`from`: its window's first start, `through`: the export date).
    public func observe(_ item: IdentifiedRecord, from: Int64?, through: Int64?) {
        if !prepared {
            self.from = from
            self.through = through
            prepared = true
        }
        let record = item.record
        guard case let type = record.type, type != "HealthExport", let start = record.start?.secondsSince1970 else {
            return
        }
        let creation = record.creation?.secondsSince1970 ?? start
        if let earlier = previous[type], earlier.contains(start: start), creation <= earlier.through {
            comparisons[type, default: IDDifference(restoring: earlier.table.cells.map { _ in IDDifference.Cell() })]
                .insert(item.id, start: start)
        }
        guard let through, start <= through, creation <= through, from.map({ start >= $0 }) ?? true else { return }
        if building[type] == nil {
            let size = previous[type].map { max(96, $0.count / 50) } ?? 96
            building[type] = TypeSnapshot(
                type: type, from: from, through: through, count: 0,
                table: IDDifference.sized(forDifference: size * 2 / 3),
                digests: [:])
        }
        building[type]!.count += 1
        building[type]!.table.insert(item.id, start: start)
        let metadata = record.ownMetadata
        if !metadata.isEmpty, let tag = SyncTag(metadata: metadata) {
            let key = Self.syncKey(source: record.sourceName ?? "", identifier: tag.identifier)
            if let earlier = previous[type]?.syncs[key], earlier != item.id {
                replacedIDs.insert(earlier)
                replacements.insert(item.id)
            }
            building[type]!.syncs[key] = item.id
        }
    }

    /// Whether a record whose content can change differs from the earlier run's: `nil` when
    /// the earlier snapshot has no digest of it. Remembers `digest` for the next snapshot.
    public func changed(_ item: IdentifiedRecord, digest: UInt64) -> Bool? {
        let type = item.record.type
        if building[type] == nil, case .export = item.record, let through {
            // The profile has no range of starts: its snapshot holds only its digest.
            building[type] = TypeSnapshot(
                type: type, from: nil, through: through, count: 0, table: IDDifference(cells: 3), digests: [:])
        }
        if building[type] != nil { building[type]!.digests[item.id] = digest }
        guard let known = previous[type]?.digests[item.id] else { return nil }
        return known != digest
    }

    /// The deletions since the earlier snapshots of the types `selected` takes, over this run's
    /// range; throws ``DeletionsRefused`` when a type fails the rule and deletions are not accepted.
    /// `unlisted` gets the types whose changes were too many to list.
    public func deletions(selected: (String) -> Bool, unlisted: inout [String]) throws -> [RecordDeletion] {
        var result: [RecordDeletion] = []
        defer {
            // A type whose every record went leaves an empty snapshot, so its deletions are told once.
            if let through {
                for (type, earlier) in previous where building[type] == nil && selected(type) {
                    guard CorrectionRules.readsCompletely(type: type, sawAny: comparisons[type] != nil) else {
                        continue
                    }
                    building[type] = TypeSnapshot(
                        type: type, from: from, through: through, count: 0,
                        table: IDDifference(cells: earlier.table.cells.count),
                        digests: [:])
                }
            }
        }
        for (type, earlier) in previous.sorted(by: { $0.key < $1.key }) where selected(type) {
            guard CorrectionRules.readsCompletely(type: type, sawAny: building[type] != nil || comparisons[type] != nil)
            else { continue }
            let seen =
                comparisons[type] ?? IDDifference(restoring: earlier.table.cells.map { _ in IDDifference.Cell() })
            guard let difference = earlier.table.difference(seen) else {
                unlisted.append(type)
                continue
            }
            let gone = difference.onlyHere.filter { _, start in
                start <= (through ?? Int64.max) && from.map { start >= $0 } ?? true
            }
            let deleted = gone.count { !replacedIDs.contains($0.0) }
            if !acceptDeletions, !CorrectionRules.deletionsPlausible(deleted, of: earlier.count) {
                throw DeletionsRefused(type: type, deletions: deleted, stored: earlier.count)
            }
            result += gone.sorted { $0.1 < $1.1 }.map {
                RecordDeletion(type: type, id: $0.0, start: $0.1, replaced: replacedIDs.contains($0.0))
            }
        }
        return result
    }

    /// The snapshots to save: this run's, over the earlier ones of types it did not read.
    public func snapshots() -> [String: TypeSnapshot] {
        var result = previous
        for (type, snapshot) in building { result[type] = snapshot }
        return result
    }
}
