import Dispatch

/// Reads and repairs the next chunks on a second thread while libxml2 parses the current one,
/// so that file reads, zip inflation and ``ExportRepair`` overlap with parsing.
///
/// At most `depth` chunks wait, so memory stays flat. The repair's figures travel with each
/// chunk and are read here, on the parsing thread, only for chunks already taken.
final class ReadAhead: @unchecked Sendable {
    /// What the repair had seen when a chunk was read.
    struct Figures {
        var bytesRead: Int64 = 0
        var exportVersion: Int?
        var replacedControlCharacters = 0
        var replacedInvalidUTF8Bytes = 0
        var legacyAttributeRepair = false
    }

    private enum Slot {
        case chunk(Int, Int, Figures)
        case end(Figures)
        case failure(ExportError)
    }

    private let buffers: [UnsafeMutableRawBufferPointer]
    private let free: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    private let lock = DispatchSemaphore(value: 1)
    private var ready: [Slot] = []
    private var stopped = false
    private var current: (index: Int, offset: Int, count: Int)?
    private var finished = false
    private let done = DispatchSemaphore(value: 0)

    /// What the repair had seen as of the last chunk handed out.
    private(set) var figures = Figures() {
        didSet { progress.store(figures.bytesRead) }
    }

    /// Bytes of the source behind the chunks handed out, readable from any thread (for progress lines).
    private let progress: SharedCounter

    /// Starts reading `repair` ahead, `depth` chunks of `chunkSize` bytes.
    init(_ repair: ExportRepair, chunkSize: Int, depth: Int = 4, progress: SharedCounter) {
        self.progress = progress
        buffers = (0..<depth).map { _ in .allocate(byteCount: chunkSize, alignment: 16) }
        // Created at zero and raised: libdispatch traps when a semaphore is freed below its initial value.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<depth { free.signal() }
        let source = Handle(repair)
        DispatchQueue.global().async { [self] in
            fill(from: source.repair)
            done.signal()
        }
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// Carries the repair to the reading thread, which alone uses it from then on.
    private struct Handle: @unchecked Sendable {
        let repair: ExportRepair
        init(_ repair: ExportRepair) { self.repair = repair }
    }

    private func fill(from repair: ExportRepair) {
        var index = 0
        while true {
            free.wait()
            if isStopped { return }
            let slot: Slot
            do {
                let count = try repair.read(into: buffers[index])
                let figures = Figures(
                    bytesRead: repair.bytesRead, exportVersion: repair.exportVersion,
                    replacedControlCharacters: repair.replacedControlCharacters,
                    replacedInvalidUTF8Bytes: repair.replacedInvalidUTF8Bytes,
                    legacyAttributeRepair: repair.legacyAttributeRepair)
                slot = count == 0 ? .end(figures) : .chunk(index, count, figures)
            } catch {
                slot = .failure(error)
            }
            push(slot)
            guard case .chunk = slot else { return }
            index = (index + 1) % buffers.count
        }
    }

    private var isStopped: Bool {
        lock.wait()
        defer { lock.signal() }
        return stopped
    }

    private func push(_ slot: Slot) {
        lock.wait()
        ready.append(slot)
        lock.signal()
        filled.signal()
    }

    private func pop() -> Slot {
        filled.wait()
        lock.wait()
        defer { lock.signal() }
        return ready.removeFirst()
    }

    /// Copies the next bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        guard try takeChunk() else { return 0 }
        let (index, offset, count) = current!
        let length = min(buffer.count, count - offset)
        buffer.baseAddress!.copyMemory(from: buffers[index].baseAddress! + offset, byteCount: length)
        if offset + length == count {
            current = nil
            free.signal()
        } else {
            current = (index, offset + length, count)
        }
        return length
    }

    /// Makes the next chunk ``current`` unless one is; `false` at the end.
    private func takeChunk() throws(ExportError) -> Bool {
        if current != nil { return true }
        guard !finished else { return false }
        switch pop() {
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
    /// Do not mix with ``read(into:)`` inside one chunk.
    func nextChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard try takeChunk() else { return false }
        let (index, offset, count) = current!
        current = nil
        defer { free.signal() }
        try body(UnsafeRawBufferPointer(rebasing: buffers[index][offset..<count]))
        return true
    }

    /// Stops the reading thread and waits for it, so the buffers can go.
    func stop() {
        lock.wait()
        stopped = true
        lock.signal()
        // Wakes the reading thread if it waits for a free buffer; it then sees `stopped` and ends.
        free.signal()
        done.wait()
    }
}

/// An integer one thread writes and others read, such as bytes read for a progress line.
final class SharedCounter: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var value: Int64 = 0

    func store(_ newValue: Int64) {
        lock.wait()
        value = newValue
        lock.signal()
    }

    func load() -> Int64 {
        lock.wait()
        defer { lock.signal() }
        return value
    }
}
