#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns repeated byte strings (types, source names, units) into one shared `String` each.
///
/// Lookups hash the bytes and compare them in place, so a hit allocates nothing. The table
/// is bounded: when it fills up it starts over, which keeps memory flat on exports with
/// millions of distinct values.
final class StringInterner {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var string: String
    }

    @exclusivity(unchecked) private var slots: [Int32]
    @exclusivity(unchecked) private var entries: [Entry] = []
    private let mask: Int
    private let limit: Int

    /// Incremented each time the table starts over; slot numbers from an earlier generation are stale.
    @exclusivity(unchecked) private(set) var generation = 0

    init(capacity: Int = 4096) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        limit = capacity
    }

    /// The shared string for `bytes`, and a small integer naming it until the next ``generation``.
    func intern(_ bytes: UnsafeRawBufferPointer) -> (string: String, id: Int) {
        guard bytes.count > 0 else { return ("", -1) }
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if entries[index].hash == hash, entries[index].bytes.count == bytes.count,
                entries[index].bytes.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            {
                return (entries[index].string, index)
            }
            slot = (slot + 1) & mask
        }
        if entries.count >= limit {
            reset()
            return intern(bytes)
        }
        let string = String(decoding: bytes, as: UTF8.self)
        entries.append(Entry(hash: hash, bytes: Array(bytes), string: string))
        slots[slot] = Int32(entries.count - 1)
        return (string, entries.count - 1)
    }

    private func reset() {
        entries.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = -1 }
        generation += 1
    }

    /// FNV-1a over the bytes, eight at a time where possible.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
            index += 8
        }
        while index < count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
            index += 1
        }
        return hash ^ (hash >> 32)
    }
}
