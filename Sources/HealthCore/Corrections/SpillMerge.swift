/// Merges sorted runs of a ``SpillFile`` (and one sorted array still in memory) into one
/// ascending sequence, reading each run a block at a time: memory is a block per run.
struct SpillMerge<Element: BitwiseCopyable> {
    /// Elements read from a run at once (with 8-byte keys, 32 KB).
    static var blockSize: Int { 4_096 }

    private struct Cursor {
        var run: SpillRun
        var next = 0
        var block: [Element] = []
        var position = 0
    }

    private let file: SpillFile?
    private let order: (Element, Element) -> Bool
    private var cursors: [Cursor]
    /// Indexes of cursors with an element left, as a binary min-heap on their current element.
    private var heap: [Int] = []

    /// A merge of `runs` of `file` and of `memory` (sorted by `order` too).
    init(
        file: SpillFile?, runs: [SpillRun], memory: [Element], order: @escaping (Element, Element) -> Bool
    ) throws(SpillError) {
        self.file = file
        self.order = order
        cursors = runs.map { Cursor(run: $0) }
        if !memory.isEmpty {
            cursors.append(Cursor(run: SpillRun(offset: -1, count: memory.count), block: memory))
        }
        for index in cursors.indices where try refill(index) { push(index) }
    }

    /// The next element in order, or `nil` at the end.
    mutating func next() throws(SpillError) -> Element? {
        guard let top = heap.first else { return nil }
        let element = cursors[top].block[cursors[top].position]
        cursors[top].position += 1
        if try refill(top) {
            siftDown(0)
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            if !heap.isEmpty { siftDown(0) }
        }
        return element
    }

    /// Makes sure cursor `index` has a current element; returns false when its run is done.
    private mutating func refill(_ index: Int) throws(SpillError) -> Bool {
        if cursors[index].position < cursors[index].block.count { return true }
        guard cursors[index].run.offset >= 0, let file else { return false }
        var block: [Element] = []
        swap(&block, &cursors[index].block)
        let count = try file.read(
            cursors[index].run, from: cursors[index].next, into: &block, capacity: Self.blockSize)
        cursors[index].block = block
        cursors[index].next += count
        cursors[index].position = 0
        return count > 0
    }

    private func current(_ index: Int) -> Element { cursors[index].block[cursors[index].position] }

    private mutating func push(_ index: Int) {
        heap.append(index)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard order(current(heap[child]), current(heap[parent])) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            let right = left + 1
            if right < heap.count, order(current(heap[right]), current(heap[left])) { smallest = right }
            guard order(current(heap[smallest]), current(heap[parent])) else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}

/// Sorts elements that may not fit the memory bound: sorted runs of `limit` go to a
/// ``SpillFile``, and ``merged()`` reads them all back in order.
struct SpillSorter<Element: BitwiseCopyable> {
    private let file: SpillFile
    private let limit: Int
    private let order: (Element, Element) -> Bool
    private var pending: [Element] = []
    private var runs: [SpillRun] = []

    init(file: SpillFile, limit: Int, order: @escaping (Element, Element) -> Bool) {
        self.file = file
        self.limit = max(1, limit)
        self.order = order
    }

    /// Adds `element`, writing a sorted run when `limit` elements are held.
    mutating func add(_ element: Element) throws(SpillError) {
        pending.append(element)
        guard pending.count >= limit else { return }
        pending.sort(by: order)
        runs.append(try file.append(pending))
        pending.removeAll(keepingCapacity: true)
    }

    /// Every element added, in order.
    consuming func merged() throws(SpillError) -> SpillMerge<Element> {
        pending.sort(by: order)
        return try SpillMerge(file: file, runs: runs, memory: pending, order: order)
    }
}
