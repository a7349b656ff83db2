#if PostgreSQL
/// The bytes of `COPY` rows as the writer's thread appends them, in memory of its own.
///
/// A row appends a dozen short fields, and NIO's `ByteBuffer` checks its storage's exclusive
/// access and its capacity at each write; so the fields go here, and reach a `ByteBuffer` in
/// one copy per load. The owner frees the memory with ``deallocate()``.
struct CopyBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    /// The bytes appended so far.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var grownCapacity = capacity * 2
        while grownCapacity < needed { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: grownCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = grownCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Lets `body` write at most `maximum` bytes at the end; it returns how many it wrote.
    @inline(__always)
    mutating func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count &+= body(base + count)
    }

    mutating func removeAll() { count = 0 }
}
#endif
