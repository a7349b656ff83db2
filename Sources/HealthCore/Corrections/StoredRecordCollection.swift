/// A store's records of some types in given ranges, collected type after type while an import
/// reads the export, and given back per type sorted by their ``RunSightings`` keys: what lets
/// ``DeletionFinder`` compare the store with the run in one merge once the read ends, instead of
/// scanning the store then.
///
/// Memory is bounded: a type's records beyond ``memoryLimit`` go to a temporary file in sorted
/// runs, and so does every type's once the records held in memory reach the limit.
public struct StoredRecordCollection: Sendable {
    /// Per type, the range of starts collected.
    public let ranges: [String: (from: Int64?, through: Int64)]
    /// Records held in memory at the most.
    public let memoryLimit: Int
    private var file: SpillFile?
    private var runs: [String: [SpillRun]] = [:]
    private var held: [String: [StoredRecord]] = [:]
    private var heldCount = 0
    private var pending: [StoredRecord] = []
    private var pendingType: String?

    /// An empty collection of the records of `ranges`.
    public init(
        ranges: [String: (from: Int64?, through: Int64)], memoryLimit: Int = RunSightings.defaultMemoryLimit / 4
    ) {
        self.ranges = ranges
        self.memoryLimit = max(1, memoryLimit)
    }

    /// Adds a record of `type`; the records of one type come together.
    public mutating func add(_ record: StoredRecord, type: String) throws(SpillError) {
        if pendingType != type {
            try finishType()
            pendingType = type
        }
        pending.append(record)
        if pending.count >= memoryLimit { try spill(type) }
    }

    /// Ends the current type: its records stay in memory while all held fit the limit.
    public mutating func finishType() throws(SpillError) {
        guard let type = pendingType else { return }
        pendingType = nil
        guard !pending.isEmpty else { return }
        if runs[type] == nil, heldCount + pending.count <= memoryLimit {
            pending.sort(by: Self.byKey)
            held[type] = pending
            heldCount += pending.count
            pending = []
        } else {
            try spill(type)
        }
    }

    private mutating func spill(_ type: String) throws(SpillError) {
        let file: SpillFile
        if let existing = self.file { file = existing } else { file = try SpillFile() }
        self.file = file
        pending.sort(by: Self.byKey)
        runs[type, default: []].append(try file.append(pending))
        pending.removeAll(keepingCapacity: true)
    }

    private static func byKey(_ a: StoredRecord, _ b: StoredRecord) -> Bool {
        RunSightings.key(a.id) < RunSightings.key(b.id)
    }

    /// The records of `type`, sorted by key (call ``finishType()`` first).
    func records(of type: String) throws(SpillError) -> SpillMerge<StoredRecord> {
        try SpillMerge(file: file, runs: runs[type] ?? [], memory: held[type] ?? [], order: Self.byKey)
    }

    /// Whether the collection holds `type` over `range`.
    public func covers(_ type: String, _ range: (from: Int64?, through: Int64)) -> Bool {
        guard let collected = ranges[type] else { return false }
        return collected == range
    }
}
