/// The `HKTimeZone` and `HKWasUserEntered` metadata of a store's samples, which decide the clock a
/// sample's day is counted in: read once per reader, since few samples have them, by both stores.
///
/// Entries are 16 bytes, sorted by the 64-bit FNV-1a hash of the record's UUID, the zone names
/// interned. As a dictionary of UUID strings they took several times the memory, which grew with
/// the store, and each statistics reader holds them. Two UUIDs of one store with the same hash
/// (odds of about n² / 2^65 for n entries) would share their clock.
public struct ClockMetadata: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        /// Index in `zoneNames`; -1 for none.
        var zone: Int32
        var userEntered: Bool
    }

    /// The two metadata keys a sample's clock comes from.
    public static let timeZoneKey = "HKTimeZone"
    public static let userEnteredKey = "HKWasUserEntered"

    private var entries: [Entry] = []
    private var zoneNames: [String] = []
    /// One bit per entry's UUID (a 2^20-bit filter): most samples have no entry, and are told so
    /// without hashing their UUID.
    private var filter = [UInt64](repeating: 0, count: 1 << 14)

    /// Gathers the entries of a store's metadata rows, in any order, and builds them again as
    /// rows come: it holds one sorted copy, which ``build()`` hands out without copying, and the
    /// rows added since, which the next ``build()`` merges into it.
    public struct Builder {
        /// The entries as of the last ``build()``: sorted, one per record.
        private var metadata = ClockMetadata()
        /// The rows added since, in their order.
        private var pending: [Entry] = []
        private var zoneIndex: [String: Int32] = [:]
        /// The records whose entries ``remove(uuid:)`` dropped but are still held: they go in
        /// one pass, before an entry of one of them is added again or ``build()``.
        private var removals: Set<UInt64> = []
        /// Every record ``remove(uuid:)`` was called for until ``addStored(_:)``, whose stored
        /// rows are older than those added here.
        private var removedBeforeStored: Set<UInt64> = []
        private var storedAdded = false

        public init() {}

        /// Adds a metadata row of the record whose UUID's text is `uuid`: its `key` (`HKTimeZone`
        /// or `HKWasUserEntered`; any other is taken for the latter) and its `value`.
        public mutating func add(uuid: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer, value: String) {
            var entry = Entry(hash: ClockMetadata.fnv1a(uuid), zone: -1, userEntered: false)
            if !removals.isEmpty, removals.contains(entry.hash) { dropRemoved() }
            ClockMetadata.setBit(&metadata.filter, uuid)
            if key.elementsEqual(ClockMetadata.timeZoneKey.utf8) {
                entry.zone = intern(value)
            } else {
                entry.userEntered = value == "1" || value == "true" || value == "YES"
            }
            pending.append(entry)
        }

        /// Removes the entries added so far of the record whose UUID's text is `uuid` (its
        /// metadata was written again).
        public mutating func remove(uuid: UnsafeRawBufferPointer) {
            let hash = ClockMetadata.fnv1a(uuid)
            removals.insert(hash)
            if !storedAdded { removedBeforeStored.insert(hash) }
        }

        /// Adds the entries of `stored`, the store's rows read after this builder began taking
        /// what a writer writes, except those of the records removed here before (the writer
        /// wrote them again: what the store held of them is older). Call it once.
        public mutating func addStored(_ stored: Builder) {
            var stored = stored
            let metadata = stored.build()
            for var entry in metadata.entries where !removedBeforeStored.contains(entry.hash) {
                if entry.zone >= 0 { entry.zone = intern(metadata.zoneNames[Int(entry.zone)]) }
                pending.append(entry)
            }
            for index in metadata.filter.indices { self.metadata.filter[index] |= metadata.filter[index] }
            removedBeforeStored = []
            storedAdded = true
        }

        private mutating func intern(_ zone: String) -> Int32 {
            if let index = zoneIndex[zone] { return index }
            let index = Int32(metadata.zoneNames.count)
            zoneIndex[zone] = index
            metadata.zoneNames.append(zone)
            return index
        }

        private mutating func dropRemoved() {
            metadata.entries.removeAll { removals.contains($0.hash) }
            pending.removeAll { removals.contains($0.hash) }
            removals.removeAll()
        }

        /// The entries, one per record: a record with both keys has their two rows merged.
        ///
        /// The result shares the builder's entries until the next call merges newer rows; drop
        /// earlier results before it, or it copies them.
        public mutating func build() -> ClockMetadata {
            if !removals.isEmpty { dropRemoved() }
            if !pending.isEmpty {
                pending.sort { $0.hash < $1.hash }
                metadata.entries = Self.merged(metadata.entries, pending)
                pending = []
            }
            return metadata
        }

        /// The sorted entries `old` and `new` as one sorted list, exactly as long as it needs to
        /// be; the two rows of a record become one.
        private static func merged(_ old: [Entry], _ new: [Entry]) -> [Entry] {
            var merged: [Entry] = []
            merged.reserveCapacity(old.count + new.count)
            var (oldIndex, newIndex) = (0, 0)
            while oldIndex < old.count || newIndex < new.count {
                let entry: Entry
                if newIndex == new.count || (oldIndex < old.count && old[oldIndex].hash <= new[newIndex].hash) {
                    entry = old[oldIndex]
                    oldIndex += 1
                } else {
                    entry = new[newIndex]
                    newIndex += 1
                }
                if let last = merged.last, last.hash == entry.hash {
                    merged[merged.count - 1].zone = max(last.zone, entry.zone)
                    merged[merged.count - 1].userEntered = last.userEntered || entry.userEntered
                } else {
                    merged.append(entry)
                }
            }
            return merged
        }
    }

    /// The zone name and hand entry of the sample whose UUID's text is `uuid`; `nil` when it has
    /// neither key.
    @inline(__always)
    public func clock(uuid: UnsafeRawBufferPointer) -> (zone: String?, userEntered: Bool)? {
        guard !entries.isEmpty, Self.bit(filter, uuid) else { return nil }
        let hash = Self.fnv1a(uuid)
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].hash == hash else { return nil }
        let entry = entries[low]
        return (entry.zone >= 0 ? zoneNames[Int(entry.zone)] : nil, entry.userEntered)
    }

    /// The clock of the sample whose UUID's text is `uuid`, written with an offset of
    /// `writtenOffset` seconds: the zone its metadata names, else that fixed offset; and whether
    /// it was entered by hand.
    @inline(__always)
    public func clock(uuid: UnsafeRawBufferPointer, writtenOffset: Int32, in zones: LocalZones) -> (
        LocalZones.ZoneID, Bool
    ) {
        if let clock = clock(uuid: uuid) {
            return (zones.zone(timeZoneName: clock.zone, writtenOffsetSeconds: writtenOffset), clock.userEntered)
        }
        return (zones.fixed(offsetSeconds: writtenOffset), false)
    }

    /// FNV-1a of some bytes.
    @inline(__always)
    private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    @inline(__always)
    private static func filterIndex(_ uuid: UnsafeRawBufferPointer) -> Int {
        guard uuid.count >= 16 else { return 0 }
        let bits =
            uuid.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            ^ uuid.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 44)
    }

    private static func setBit(_ filter: inout [UInt64], _ uuid: UnsafeRawBufferPointer) {
        let index = filterIndex(uuid)
        filter[index >> 6] |= 1 << UInt64(index & 63)
    }

    @inline(__always)
    private static func bit(_ filter: [UInt64], _ uuid: UnsafeRawBufferPointer) -> Bool {
        let index = filterIndex(uuid)
        return filter[index >> 6] & (1 << UInt64(index & 63)) != 0
    }
}
