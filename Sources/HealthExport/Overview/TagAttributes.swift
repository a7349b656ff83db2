/// The attributes of the start tag ``OverviewScanner`` is reading, in memory allocated once:
/// an array cost a uniqueness check on every append, and a call to empty it on every tag.
final class TagAttributes: RandomAccessCollection {
    private let storage: UnsafeMutablePointer<OverviewScanner.Attribute>
    private let capacity: Int
    private(set) var endIndex = 0

    init(capacity: Int) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        storage.deallocate()
    }

    var startIndex: Int { 0 }

    subscript(position: Int) -> OverviewScanner.Attribute { storage[position] }

    /// Adds `attribute`; the caller keeps the count below the capacity.
    func append(_ attribute: OverviewScanner.Attribute) {
        precondition(endIndex < capacity)
        (storage + endIndex).initialize(to: attribute)
        endIndex += 1
    }

    func setFlags(_ flags: ByteScan.ValueFlags, at position: Int) {
        storage[position].flags = flags
    }

    /// Forgets the attributes (plain values: nothing to release).
    func removeAll() {
        endIndex = 0
    }
}
