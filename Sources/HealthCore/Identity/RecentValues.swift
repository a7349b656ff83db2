/// The value first seen with each of the most recent distinct quantity names, to tell apart two
/// samples of one export that share a name but not a value.
///
/// Holds at most `limit` names and forgets the oldest first, so memory stays flat however long
/// the export. Every quantity sample asks once, so this is a small open-addressing table rather
/// than a `Dictionary`: an ID is already a uniformly distributed hash, so its low word picks the
/// slot with no hashing at all, where the dictionary spent more than the rest of identity's work
/// per sample in `Hasher` and in re-hashing on removal. Linear probing, at most half full; a removal shifts
/// later entries of its run back, so no tombstones build up.
struct RecentValues {
    /// The slots: an ID, or ``empty``.
    private var keys: [RecordID] = []
    private var values: [Double] = []
    private var count = 0
    /// The remembered IDs in the order they came, as a ring once full (the oldest at `next`).
    private var order: [RecordID] = []
    private var next = 0
    private let limit: Int

    /// Marks a free slot. Never a version-5 UUID, whose high word always holds the version.
    private static let empty = RecordID(high: 0, low: 0)

    /// An empty memory for up to `limit` names. It allocates nothing until used and grows with
    /// use (a correlation's members get a memory of their own).
    init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// The value remembered for `id`; when there is none, remembers `value` for it (forgetting
    /// the oldest name when full) and returns `nil`. `id` must be a version-5 UUID.
    mutating func firstValue(for id: RecordID, remembering value: Double) -> Double? {
        assert(id.high != 0, "not a version-5 UUID")
        if !keys.isEmpty {
            let slot = find(id)
            if keys[slot] == id { return values[slot] }
        }
        if order.count < limit {
            order.append(id)
        } else {
            remove(order[next])
            order[next] = id
            next = next + 1 == limit ? 0 : next + 1
        }
        if (count + 1) * 2 > keys.count { grow() }
        let slot = find(id)
        keys[slot] = id
        values[slot] = value
        count += 1
        return nil
    }

    private var mask: Int { keys.count - 1 }

    private func home(_ id: RecordID) -> Int { Int(truncatingIfNeeded: id.low) & mask }

    /// The slot holding `id`, or the free slot that ends its run.
    private func find(_ id: RecordID) -> Int {
        var slot = home(id)
        while keys[slot] != id && keys[slot] != Self.empty { slot = (slot + 1) & mask }
        return slot
    }

    /// Removes `id`, moving back each later entry of the run that would no longer be found.
    private mutating func remove(_ id: RecordID) {
        var hole = find(id)
        guard keys[hole] == id else { return }
        var slot = hole
        while true {
            slot = (slot + 1) & mask
            if keys[slot] == Self.empty { break }
            let wanted = home(keys[slot])
            // The entry stays when its home lies cyclically in (hole, slot].
            let stays = hole <= slot ? (hole < wanted && wanted <= slot) : (hole < wanted || wanted <= slot)
            if stays { continue }
            keys[hole] = keys[slot]
            values[hole] = values[slot]
            hole = slot
        }
        keys[hole] = Self.empty
        count -= 1
    }

    /// Doubles the table (16 slots at first) and puts every entry back.
    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let size = max(16, keys.count * 2)
        keys = Array(repeating: Self.empty, count: size)
        values = Array(repeating: 0, count: size)
        for (key, value) in zip(oldKeys, oldValues) where key != Self.empty {
            let slot = find(key)
            keys[slot] = key
            values[slot] = value
        }
    }
}
