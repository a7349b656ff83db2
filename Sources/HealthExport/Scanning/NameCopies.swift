#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// NUL-terminated copies of element and attribute names, as libxml2 hands names over: each
/// distinct name is copied once (an export has a few dozen) into a table that starts over when
/// half full (a hostile file's invented names), so memory stays bounded. Past three quarters
/// (many names in one element), names are copied each time until the table starts over.
final class NameCopies {
    private struct Slot {
        var key: UInt64
        var length: Int
        var copy: UnsafeMutablePointer<UInt8>?
    }

    private static let slotCount = 1024
    private let slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var used = 0
    /// Copies made while the table was too full to take them.
    @exclusivity(unchecked) private var spilled: [UnsafeMutablePointer<UInt8>] = []

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(key: 0, length: 0, copy: nil), count: Self.slotCount)
    }

    deinit {
        clear()
        slots.deallocate()
    }

    /// The copy of the `length` bytes at `name`, followed by a NUL byte; valid until ``trim()``.
    @inline(__always)
    func copy(of name: UnsafePointer<UInt8>, length: Int) -> UnsafePointer<UInt8> {
        let key = Self.key(name, length)
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) & (Self.slotCount - 1)
        while let copy = slots[index].copy {
            if slots[index].key == key, slots[index].length == length, memcmp(copy, name, length) == 0 {
                return UnsafePointer(copy)
            }
            index = (index + 1) & (Self.slotCount - 1)
        }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: length + 1)
        copy.update(from: name, count: length)
        copy[length] = 0
        if used >= Self.slotCount * 3 / 4 {
            spilled.append(copy)
        } else {
            slots[index] = Slot(key: key, length: length, copy: copy)
            used += 1
        }
        return UnsafePointer(copy)
    }

    /// Starts over when the table is half full; only while no copy is in use.
    func trim() {
        if used >= Self.slotCount / 2 || !spilled.isEmpty { clear() }
    }

    private func clear() {
        for index in 0..<Self.slotCount {
            slots[index].copy?.deallocate()
            slots[index] = Slot(key: 0, length: 0, copy: nil)
        }
        used = 0
        for copy in spilled { copy.deallocate() }
        spilled.removeAll()
    }

    /// The length and up to 16 of the name's bytes (its first and last eight).
    @inline(__always)
    private static func key(_ name: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
        guard length >= 8 else {
            var key = UInt64(length)
            for index in 0..<length { key = key << 8 | UInt64(name[index]) }
            return key
        }
        let raw = UnsafeRawPointer(name)
        let first = raw.loadUnaligned(as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        return first ^ (last &* 31) ^ UInt64(length) << 56
    }
}
