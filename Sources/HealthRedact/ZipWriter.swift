import HealthExport

/// A zip archive streamed into a file: the package's zip writer, its bytes written out in
/// large blocks to `PATH.partial`, which takes its name once the archive is finished.
///
/// Deflating is the larger half of a redaction's work, so it runs on a thread of its own
/// (`zip-deflate`) while the caller rewrites the next bytes: the caller's writes gather into
/// blocks handed over through a short queue, which bounds the memory. A failure of that thread
/// (a full disk, zlib) is thrown by the caller's next call.
final class ZipWriter {
    /// The size of the blocks handed over and written out.
    private static let blockSize = 256 << 10

    private enum Step: Sendable {
        case begin(String)
        case write([UInt8])
        case end
        case finish
    }

    private let steps = BoundedQueue<Step>(capacity: 4)
    private let failure = Locked<String?>(nil)
    private let worker: WorkerThread<Void>
    private var block: [UInt8] = []
    private var finished = false

    /// A writer into a new file at `path` (`-`: standard output); `zip64Threshold` lowers the size from which sizes and
    /// offsets are written in zip64 form (tests).
    init(path: String, zip64Threshold: UInt64 = 0xFFFF_FFFF) throws(RedactError) {
        let file: PartialFile
        do {
            file = path == "-" ? PartialFile(standardOutput: ()) : try PartialFile(path: path)
        } catch {
            throw RedactError(error.description)
        }
        let zip = ZipStreamWriter()
        zip.zip64Threshold = zip64Threshold
        let handover = Handover((file, zip))
        let (steps, failure) = (steps, failure)
        worker = WorkerThread(name: "zip-deflate") {
            let (file, zip) = handover.value
            // Removed here, not when the thread lets go of it: the caller finds no file once joined.
            defer { file.discard() }
            while let step = steps.pop() {
                do {
                    switch step {
                    case .begin(let name): try zip.beginEntry(name)
                    case .write(let bytes): try zip.write(bytes)
                    case .end: try zip.endEntry()
                    case .finish:
                        try zip.finish()
                        try zip.drain(to: file.write)
                        try file.commit()
                        return
                    }
                    if zip.pendingCount >= Self.blockSize { try zip.drain(to: file.write) }
                } catch {
                    failure.store(String(describing: error))
                    steps.close(discarding: true)
                    return
                }
            }
        }
        block.reserveCapacity(Self.blockSize)
    }

    /// A writer given up before ``finish()`` (the redaction failed or was stopped) stops its
    /// thread and so removes its partial file before the caller goes on.
    deinit {
        if !finished {
            steps.close(discarding: true)
            worker.join()
        }
    }

    /// Starts the member `name`.
    func begin(_ name: String) throws(RedactError) {
        try send(.begin(name))
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RedactError) {
        block.append(contentsOf: bytes)
        if block.count >= Self.blockSize { try sendBlock() }
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: [UInt8]) throws(RedactError) {
        block.append(contentsOf: bytes)
        if block.count >= Self.blockSize { try sendBlock() }
    }

    /// Ends the member being written.
    func end() throws(RedactError) {
        try send(.end)
    }

    /// Writes the central directory and the end records, then hands the file its name.
    func finish() throws(RedactError) {
        try send(.finish)
        finished = true
        steps.close()
        worker.join()
        if let message = failure.load() { throw RedactError(message) }
    }

    /// Hands `step` over after the block gathered so far.
    private func send(_ step: Step) throws(RedactError) {
        try sendBlock()
        try push(step)
    }

    private func sendBlock() throws(RedactError) {
        guard !block.isEmpty else { return }
        let full = block
        block.removeAll(keepingCapacity: true)
        try push(.write(full))
    }

    private func push(_ step: Step) throws(RedactError) {
        if !steps.push(step) || failure.load() != nil {
            finished = true
            worker.join()
            throw RedactError(failure.load() ?? "the zip's writer stopped")
        }
    }
}
