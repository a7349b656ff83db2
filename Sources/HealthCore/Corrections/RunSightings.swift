/// The IDs of the records one run read, per type, as 8-byte keys: what finds repeats within the
/// export and, against the store, the records the export no longer holds.
///
/// A key is the XOR of an ID's two words (the bits fixed by the UUID's version and variant sit
/// in different places, so every bit of the key varies); its lowest bit says whether the run
/// took the record as new. Two distinct IDs share a key with odds of about one in 2^63 per
/// pair: the effect would be one deleted record left unmarked, never a record marked wrongly.
public struct RunSightings: Sendable {
    /// Per type, the distinct keys (lowest bit clear), sorted, once `finish()` has run.
    public private(set) var keys: [String: [UInt64]] = [:]
    /// Per type, the repeats: elements after the first with one ID, split by how the run took them.
    public private(set) var repeats: [String: RepeatCount] = [:]

    /// Creates an empty record of sightings.
    public init() {}

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

    /// Adds the keys one type collected during the run.
    mutating func add(type: String, keys more: [UInt64]) {
        if keys[type] == nil { keys[type] = more } else { keys[type]!.append(contentsOf: more) }
    }

    /// Sorts each type's keys, counts its repeats and keeps its distinct keys.
    mutating func finish() {
        for type in keys.keys {
            var list = keys.removeValue(forKey: type) ?? []
            list.sort()
            var distinct = 0
            var count = RepeatCount()
            var index = 0
            while index < list.count {
                let group = list[index] & ~1
                var end = index
                var takenNew = 0
                while end < list.count, list[end] & ~1 == group {
                    takenNew += Int(list[end] & 1)
                    end += 1
                }
                let size = end - index
                count.takenAsNew += max(takenNew - 1, 0)
                count.takenAsAlready += (size - takenNew) - (takenNew == 0 ? 1 : 0)
                list[distinct] = group
                distinct += 1
                index = end
            }
            list.removeSubrange(distinct...)
            keys[type] = list
            if count.total > 0 { repeats[type] = count }
        }
    }

    /// The sightings of a run that read `ids` (as new) of `type`, for tests and other stores.
    public static func collecting(type: String, ids: [RecordID]) -> RunSightings {
        var sightings = RunSightings()
        sightings.add(type: type, keys: ids.map { key($0, isNew: true) })
        sightings.finish()
        return sightings
    }

    /// Whether the run read a record with `id` of `type`.
    public func contains(_ id: RecordID, type: String) -> Bool {
        Self.contains(id, in: keys[type] ?? [])
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
