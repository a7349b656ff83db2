/// An invertible Bloom lookup table of record IDs with their starts: a fixed number of cells,
/// whatever the number of IDs, from which the difference between two sets (one table
/// subtracted from the other) can be listed back when it is small.
///
/// `records --state` keeps one per type instead of a list of every ID: the next run builds the
/// table of what it reads over the same range, subtracts it, and lists the IDs the earlier run
/// saw and this one did not (deleted) and the reverse. Each ID goes to three cells, one in each
/// third of the table; a cell holds a count and the XOR of its IDs, starts and check words.
/// Listing succeeds when the difference is below about 0.8 cells per ID.
public struct IDDifference: Sendable, Equatable {
    /// One cell.
    public struct Cell: Sendable, Equatable {
        public var count: Int32 = 0
        public var high: UInt64 = 0
        public var low: UInt64 = 0
        public var start: Int64 = 0
        public var check: UInt64 = 0

        /// An empty cell.
        public init() {}
    }

    /// The cells (a multiple of three).
    public private(set) var cells: [Cell]

    /// An empty table of `cells` cells (rounded up to a multiple of three, at least 3).
    public init(cells: Int) {
        self.cells = Array(repeating: Cell(), count: max(3, (cells + 2) / 3 * 3))
    }

    /// The table of cells `cells`, as saved.
    public init(restoring cells: [Cell]) {
        self.cells = cells
    }

    /// A table sized for a difference of about `expected` IDs.
    public static func sized(forDifference expected: Int) -> IDDifference {
        IDDifference(cells: min(max(64, expected * 3 / 2), 6_144))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func check(_ id: RecordID) -> UInt64 { mix(id.high ^ mix(id.low)) }

    private func slots(_ id: RecordID) -> (Int, Int, Int) {
        let third = cells.count / 3
        let hash = Self.mix(id.low ^ (id.high &* 0x2545_F491_4F6C_DD1D))
        let a = Int(truncatingIfNeeded: hash % UInt64(third))
        let b = Int(truncatingIfNeeded: (hash >> 21) % UInt64(third)) + third
        let c = Int(truncatingIfNeeded: (hash >> 42) % UInt64(third)) + 2 * third
        return (a, b, c)
    }

    private mutating func apply(_ id: RecordID, start: Int64, count: Int32) {
        let check = Self.check(id)
        let (a, b, c) = slots(id)
        for slot in [a, b, c] {
            cells[slot].count &+= count
            cells[slot].high ^= id.high
            cells[slot].low ^= id.low
            cells[slot].start ^= start
            cells[slot].check ^= check
        }
    }

    /// Adds an ID.
    public mutating func insert(_ id: RecordID, start: Int64) { apply(id, start: start, count: 1) }

    /// The IDs in this table and not in `other` (`onlyHere`) and the reverse, or `nil` when the
    /// difference is too large to list. Both tables must have the same size.
    public func difference(_ other: IDDifference) -> (onlyHere: [(RecordID, Int64)], onlyThere: [(RecordID, Int64)])? {
        guard other.cells.count == cells.count else { return nil }
        var table = self
        for index in table.cells.indices {
            table.cells[index].count &-= other.cells[index].count
            table.cells[index].high ^= other.cells[index].high
            table.cells[index].low ^= other.cells[index].low
            table.cells[index].start ^= other.cells[index].start
            table.cells[index].check ^= other.cells[index].check
        }
        var here: [(RecordID, Int64)] = []
        var there: [(RecordID, Int64)] = []
        var progress = true
        while progress {
            progress = false
            for index in table.cells.indices {
                let cell = table.cells[index]
                guard cell.count == 1 || cell.count == -1 else { continue }
                let id = RecordID(high: cell.high, low: cell.low)
                guard Self.check(id) == cell.check else { continue }
                if cell.count == 1 { here.append((id, cell.start)) } else { there.append((id, cell.start)) }
                table.apply(id, start: cell.start, count: -cell.count)
                progress = true
            }
        }
        guard table.cells.allSatisfy({ $0 == Cell() }) else { return nil }
        return (here, there)
    }
}
