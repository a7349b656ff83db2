/// Bytes of the export between two cuts.
///
/// `@unchecked Sendable`: one thread at a time uses it. The cutting thread fills it, a
/// ``SegmentParser`` reads it, and the cutting thread takes it back once the segment's records
/// are out (it keeps it until then, to hand the bytes to the other parser if need be); the
/// parsers' queues order these uses.
final class SegmentBuffer: @unchecked Sendable {
    private(set) var storage: UnsafeMutableRawBufferPointer
    /// How many bytes of ``storage`` hold data.
    private(set) var count = 0

    init(capacity: Int) {
        storage = .allocate(byteCount: max(capacity, 16), alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes held.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }

    /// Adds `more` at the end, growing by doubling.
    func append(_ more: UnsafeRawBufferPointer) {
        guard more.count > 0 else { return }
        if storage.count - count < more.count {
            var capacity = storage.count
            while capacity - count < more.count { capacity *= 2 }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
            larger.copyMemory(from: bytes)
            storage.deallocate()
            storage = larger
        }
        UnsafeMutableRawBufferPointer(rebasing: storage[count...]).copyMemory(from: more)
        count += more.count
    }

    /// Keeps the first `count` bytes only.
    func truncate(to count: Int) {
        precondition(count <= self.count)
        self.count = count
    }

    /// Forgets the bytes, keeping the memory.
    func removeAll() {
        count = 0
    }
}
