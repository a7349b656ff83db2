import Foundation

/// Reads and repairs the next chunks on a second thread while libxml2 parses the current one,
/// so that file reads, zip inflation and ``ExportRepair`` overlap with parsing.
///
/// At most `depth` chunks wait, so memory stays flat. Buffers go round through two queues: the
/// reading thread takes a free one, fills it and queues it as ready; the parsing thread takes it,
/// parses it where it lies and gives it back. The repair's figures travel with each chunk and are
/// read here, on the parsing thread, only for chunks already taken. Use it from one thread.
final class ReadAhead {
    /// What the repair had seen when a chunk was read.
    struct Figures: Sendable {
        var bytesRead: Int64 = 0
        var exportVersion: Int?
        var replacedControlCharacters = 0
        var replacedInvalidUTF8Bytes = 0
        var legacyAttributeRepair = false
        var repairsText = false
        var nonCharacters = 0

        /// Whether the text so far is as ``ExportRepair`` hands it out (valid UTF-8 of XML
        /// characters) with no U+FFFE or U+FFFF: a scanner need not check its characters.
        var isPlainText: Bool { repairsText && nonCharacters == 0 }
    }

    private enum Slot: Sendable {
        case chunk(Int, Int, Figures)
        case end(Figures)
        case failure(ExportError)
    }

    private let buffers: ChunkBuffers
    private let freeBuffers: BoundedQueue<Int>
    private let ready: BoundedQueue<Slot>
    private let reading: WorkerThread<Void>
    private var current: (index: Int, offset: Int, count: Int)?
    private var finished = false

    /// What the repair had seen as of the last chunk handed out.
    private(set) var figures = Figures() {
        didSet { progress.store(figures.bytesRead) }
    }

    /// Bytes of the source behind the chunks handed out, readable from any thread (for progress lines).
    private let progress: Locked<Int64>

    /// Starts reading `repair` ahead, `depth` chunks of `chunkSize` bytes. Two keep the reading
    /// thread filling one chunk while the other is parsed; four read no faster, from a file or a
    /// zip, and held 512 KiB more of a read's peak memory.
    init(_ repair: ExportRepair, chunkSize: Int, depth: Int = 2, progress: Locked<Int64>) {
        self.progress = progress
        let buffers = ChunkBuffers(count: depth, size: chunkSize)
        let freeBuffers = BoundedQueue<Int>(capacity: depth)
        for index in 0..<depth { freeBuffers.push(index) }
        // As many slots as buffers: the reading thread never waits to queue a chunk.
        let ready = BoundedQueue<Slot>(capacity: depth)
        self.buffers = buffers
        self.freeBuffers = freeBuffers
        self.ready = ready
        let source = Handover(repair)
        reading = WorkerThread(name: "read-ahead") {
            Self.fill(from: source.value, buffers: buffers, free: freeBuffers, ready: ready)
        }
    }

    private static func fill(
        from repair: ExportRepair, buffers: ChunkBuffers, free: BoundedQueue<Int>, ready: BoundedQueue<Slot>
    ) {
        // `pop` gives `nil` once ``stop()`` closed the queue of free buffers.
        while let index = free.pop() {
            let slot: Slot
            do {
                let count = try repair.read(into: buffers[index])
                let figures = Figures(
                    bytesRead: repair.bytesRead, exportVersion: repair.exportVersion,
                    replacedControlCharacters: repair.replacedControlCharacters,
                    replacedInvalidUTF8Bytes: repair.replacedInvalidUTF8Bytes,
                    legacyAttributeRepair: repair.legacyAttributeRepair, repairsText: repair.repairsText,
                    nonCharacters: repair.nonCharacters)
                slot = count == 0 ? .end(figures) : .chunk(index, count, figures)
            } catch {
                slot = .failure(error)
            }
            ready.push(slot)
            guard case .chunk = slot else { return }
        }
    }

    /// Makes the next chunk ``current`` unless one is; `false` at the end.
    private func takeChunk() throws(ExportError) -> Bool {
        if current != nil { return true }
        guard !finished, let slot = ready.pop() else { return false }
        switch slot {
        case .chunk(let index, let count, let figures):
            current = (index, 0, count)
            self.figures = figures
            return true
        case .end(let figures):
            self.figures = figures
            finished = true
            return false
        case .failure(let error):
            finished = true
            throw error
        }
    }

    /// Hands the next chunk to `body` where it lies, with no copy; returns `false` at the end.
    func nextChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard try takeChunk() else { return false }
        let (index, offset, count) = current!
        current = nil
        defer { freeBuffers.push(index) }
        try body(UnsafeRawBufferPointer(rebasing: buffers[index][offset..<count]))
        return true
    }

    /// Stops the reading thread and waits for it, so the buffers can go.
    func stop() {
        freeBuffers.close(discarding: true)
        reading.join()
        ready.close(discarding: true)
    }
}

/// The read-ahead's chunk buffers: raw memory both threads use.
///
/// `@unchecked Sendable`: each buffer belongs to one thread at a time, the one that took its
/// index from a queue, until it queues the index again.
private final class ChunkBuffers: @unchecked Sendable {
    private let buffers: [UnsafeMutableRawBufferPointer]

    init(count: Int, size: Int) {
        buffers = (0..<count).map { _ in .allocate(byteCount: size, alignment: 16) }
    }

    subscript(index: Int) -> UnsafeMutableRawBufferPointer { buffers[index] }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }
}
