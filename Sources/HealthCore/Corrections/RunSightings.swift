/// The IDs of the records one run read, per type, as 8-byte keys: what finds repeats within the
/// export and, against the store, the records the export no longer holds.
///
/// A key is the XOR of an ID's two words (the bits fixed by the UUID's version and variant sit
/// in different places, so every bit of the key varies); its lowest bit says whether the run
/// took the record as new. Two distinct IDs share a key with odds of about one in 2^63 per
/// pair: the effect would be one deleted record left unmarked, never a record marked wrongly.
///
/// Memory is bounded: past ``defaultMemoryLimit`` keys, the keys held go sorted to a temporary
/// file, and `finish()` merges them back; a type whose keys went there is
/// compared against the store by a merge too (``DeletionFinder``), never loaded whole.
public struct RunSightings: Sendable {
    /// Keys held in memory at the most (1 MB) before they go to a temporary file. Arrays grow by
    /// doubling, so the keys' memory peaks at up to twice this, and sorting takes as much again
    /// (`KeySort`); with a larger bound the keys were most of the growth of a read's peak from a smaller
    /// export to a larger one, and the runs cost little to merge.
    public static let defaultMemoryLimit = 1 << 17

    /// A type's distinct keys (lowest bit clear), sorted: in memory, or a run of the temporary file.
    enum KeyList: Sendable {
        case memory([UInt64])
        case spilled(SpillFile, SpillRun)
    }

    /// Keys held in memory at the most.
    let memoryLimit: Int
    private var pending: [String: [UInt64]] = [:]
    private var pendingCount = 0
    private var spill: SpillFile?
    private var runs: [String: [SpillRun]] = [:]
    private var failure: SpillError?
    /// Per type, its distinct keys, once `finish()` has run.
    private(set) var distinct: [String: KeyList] = [:]
    /// Per type, the repeats: elements after the first with one ID, split by how the run took them.
    public private(set) var repeats: [String: RepeatCount] = [:]

    /// Creates an empty record of sightings that holds at most `memoryLimit` keys in memory.
    public init(memoryLimit: Int = defaultMemoryLimit) {
        self.memoryLimit = max(1, memoryLimit)
    }

    /// How many repeats of one type the run took as new and as already imported.
    public struct RepeatCount: Sendable, Equatable {
        /// Repeats of records the run took as new (`records` prints them again).
        public var takenAsNew = 0
        /// Repeats of records behind the type's anchor.
        public var takenAsAlready = 0
        /// All repeats.
        public var total: Int { takenAsNew + takenAsAlready }
    }

    /// The key of `id`, with `isNew` in its lowest bit.
    @inline(__always)
    public static func key(_ id: RecordID, isNew: Bool = false) -> UInt64 {
        ((id.high ^ id.low) & ~1) | (isNew ? 1 : 0)
    }

    /// Whether the run read a record of `type` (valid once `finish()` has run).
    public func sawAny(_ type: String) -> Bool { distinct[type] != nil }

    /// Whether any type's keys went to the temporary file.
    public var spilled: Bool { spill != nil }

    /// Adds keys one type collected during the run; past the memory limit, every type's keys
    /// held go to the temporary file (a failure there is thrown by `finish()`).
    mutating func add(type: String, keys more: [UInt64]) {
        guard !more.isEmpty else { return }
        pending[type, default: []].append(contentsOf: more)
        pendingCount += more.count
        if pendingCount >= memoryLimit, failure == nil {
            do throws(SpillError) {
                try spillPending()
            } catch {
                failure = error
            }
        }
    }

    private mutating func spillPending() throws(SpillError) {
        let file: SpillFile
        if let spill { file = spill } else { file = try SpillFile() }
        spill = file
        // Each list leaves the dictionary before it is sorted: sorted in place, it is not copied.
        for type in Array(pending.keys) {
            guard var keys = pending.removeValue(forKey: type) else { continue }
            KeySort.sort(&keys)
            runs[type, default: []].append(try file.append(keys))
        }
        pendingCount = 0
    }

    /// Sorts each type's keys, counts its repeats and keeps its distinct keys.
    mutating func finish() throws(SpillError) {
        if let failure { throw failure }
        for type in Set(pending.keys).union(runs.keys) {
            var list = pending.removeValue(forKey: type) ?? []
            KeySort.sort(&list)
            var count = RepeatCount()
            if let spill, let typeRuns = runs[type] {
                var merge = try SpillMerge(file: spill, runs: typeRuns, memory: list, order: <)
                list = []
                var output: [UInt64] = []
                output.reserveCapacity(SpillMerge<UInt64>.blockSize)
                var first: SpillRun?
                var total = 0
                var groups = KeyGroups()
                while let key = try merge.next() {
                    guard let group = groups.add(key, into: &count) else { continue }
                    output.append(group)
                    if output.count == SpillMerge<UInt64>.blockSize {
                        let run = try spill.append(output)
                        first = first ?? run
                        total += output.count
                        output.removeAll(keepingCapacity: true)
                    }
                }
                if let group = groups.finish(into: &count) { output.append(group) }
                if !output.isEmpty {
                    let run = try spill.append(output)
                    first = first ?? run
                    total += output.count
                }
                distinct[type] = .spilled(spill, SpillRun(offset: first?.offset ?? 0, count: total))
            } else {
                var groups = KeyGroups()
                var kept = 0
                // By index: iterating the array being compacted would copy it first.
                for index in list.indices {
                    guard let group = groups.add(list[index], into: &count) else { continue }
                    list[kept] = group
                    kept += 1
                }
                if let group = groups.finish(into: &count) {
                    list[kept] = group
                    kept += 1
                }
                list.removeSubrange(kept...)
                distinct[type] = .memory(list)
            }
            if count.total > 0 { repeats[type] = count }
        }
        runs = [:]
    }

    /// The sightings of a run that read `ids` (as new) of `type`, for tests and other stores.
    public static func collecting(
        type: String, ids: [RecordID], memoryLimit: Int = defaultMemoryLimit
    ) throws(SpillError) -> RunSightings {
        var sightings = RunSightings(memoryLimit: memoryLimit)
        sightings.add(type: type, keys: ids.map { key($0, isNew: true) })
        try sightings.finish()
        return sightings
    }

    /// Whether the run read a record with `id` of `type` (a binary search; on a spilled type,
    /// one read of the temporary file per step: for tests and single questions, not for scans).
    public func contains(_ id: RecordID, type: String) throws(SpillError) -> Bool {
        switch distinct[type] {
        case nil: return false
        case .memory(let list): return Self.contains(id, in: list)
        case .spilled(let file, let run):
            let key = Self.key(id)
            var low = 0
            var high = run.count
            var probe: [UInt64] = []
            while low < high {
                let middle = (low + high) / 2
                _ = try file.read(run, from: middle, into: &probe, capacity: 1)
                if probe[0] < key { low = middle + 1 } else { high = middle }
            }
            guard low < run.count else { return false }
            _ = try file.read(run, from: low, into: &probe, capacity: 1)
            return probe[0] == key
        }
    }

    /// Whether `list` (a type's sorted distinct keys) holds the key of `id`.
    @inline(__always)
    public static func contains(_ id: RecordID, in list: [UInt64]) -> Bool {
        let key = Self.key(id)
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == key
    }
}

/// Groups sorted keys by ID (the lowest bit aside) and counts each group's repeats.
private struct KeyGroups {
    private var group: UInt64 = 0
    private var size = 0
    private var takenNew = 0

    /// Adds `key`; returns the previous group's key when `key` starts a new group.
    mutating func add(_ key: UInt64, into count: inout RunSightings.RepeatCount) -> UInt64? {
        let id = key & ~1
        if size > 0, id == group {
            size += 1
            takenNew += Int(key & 1)
            return nil
        }
        let finished = finish(into: &count)
        group = id
        size = 1
        takenNew = Int(key & 1)
        return finished
    }

    /// Ends the current group: counts its repeats and returns its key (`nil` when there is none).
    mutating func finish(into count: inout RunSightings.RepeatCount) -> UInt64? {
        guard size > 0 else { return nil }
        count.takenAsNew += max(takenNew - 1, 0)
        count.takenAsAlready += (size - takenNew) - (takenNew == 0 ? 1 : 0)
        size = 0
        return group
    }
}
