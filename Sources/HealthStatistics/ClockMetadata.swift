import GRDB

/// The `HKTimeZone` and `HKWasUserEntered` metadata of a store's samples, which decide the clock a
/// sample's day is counted in: read once per reader, since few samples have them.
///
/// Entries are 16 bytes, sorted by the 64-bit FNV-1a hash of the record's UUID, the zone names
/// interned. As a dictionary of UUID strings they took several times the memory, and every
/// statistics thread holds its own. Two UUIDs of one store with the same hash (odds of about
/// n² / 2^65 for n entries) would share their clock.
struct ClockMetadata {
    private struct Entry {
        var hash: UInt64
        /// Index in `zoneNames`; -1 for none.
        var zone: Int32
        var userEntered: Bool
    }

    private var entries: [Entry] = []
    private var zoneNames: [String] = []
    /// One bit per entry's UUID (a 2^20-bit filter): most samples have no entry, and are told so
    /// without hashing their UUID.
    private var filter = [UInt64](repeating: 0, count: 1 << 14)

    /// Reads the entries of the store `db` opens.
    init(_ db: Database) throws {
        var zoneIndex: [String: Int32] = [:]
        var rows = try RawRows(
            db, sql: "SELECT record_uuid, key, value FROM metadata WHERE \(StoreSchema.clockMetadataKeys)",
            arguments: [])
        while try rows.next() {
            let uuid = rows.bytes(0)
            var entry = Entry(hash: fnv1a(uuid), zone: -1, userEntered: false)
            Self.setBit(&filter, uuid)
            let value = rows.text(2) ?? ""
            if rows.bytes(1).elementsEqual("HKTimeZone".utf8) {
                if let index = zoneIndex[value] {
                    entry.zone = index
                } else {
                    entry.zone = Int32(zoneNames.count)
                    zoneIndex[value] = entry.zone
                    zoneNames.append(value)
                }
            } else {
                entry.userEntered = value == "1" || value == "true" || value == "YES"
            }
            entries.append(entry)
        }
        // A record with both keys has two entries: merge them.
        entries.sort { $0.hash < $1.hash }
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count)
        for entry in entries {
            if let last = merged.last, last.hash == entry.hash {
                merged[merged.count - 1].zone = max(last.zone, entry.zone)
                merged[merged.count - 1].userEntered = last.userEntered || entry.userEntered
            } else {
                merged.append(entry)
            }
        }
        entries = merged
    }

    /// The zone name and hand entry of the sample whose UUID is `uuid`; `nil` when it has neither key.
    @inline(__always)
    func clock(uuid: UnsafeRawBufferPointer) -> (zone: String?, userEntered: Bool)? {
        guard !entries.isEmpty, Self.bit(filter, uuid) else { return nil }
        let hash = fnv1a(uuid)
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
