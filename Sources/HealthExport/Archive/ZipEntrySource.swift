/// The uncompressed bytes of one zip member, inflated as they are read, in bounded memory.
///
/// Stored (method 0) and deflated (method 8) members are supported. The member never yields
/// more than the size the central directory declares: a stream that inflates past it stops with
/// ``ExportError/Code/tooLarge`` (a zip bomb guard), and the CRC-32 is checked at the end.
/// Memory use is one 64 KB input buffer plus zlib's 32 KB window, whatever the member's size.
public final class ZipEntrySource: ByteSource {
    /// `archive:member`, e.g. `export.zip:apple_health_export/export.xml`.
    public let displayName: String
    /// The member's uncompressed size from the central directory, so progress can show a total.
    public var expectedByteCount: Int64? { Int64(clamping: entry.uncompressedSize) }
    /// The member as the directory describes it.
    public let entry: ZipEntry

    static let inputSize = 64 << 10

    private let archive: ZipArchive
    private let dataOffset: UInt64
    private var compressedRead: UInt64 = 0
    private var produced: UInt64 = 0
    private var crc: UInt32 = 0
    private var ended = false
    private var inflater: Inflater?
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0

    init(archive: ZipArchive, entry: ZipEntry) throws(ExportError) {
        let name = "\(archive.displayName):\(entry.name)"
        guard !entry.isEncrypted else {
            throw ExportError(
                .badArchive, "the member is encrypted (password-protected); healthimport cannot read encrypted zips",
                path: name)
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw ExportError(
                .badArchive,
                "the member uses compression method \(entry.method); only stored (0) and deflated (8) are supported",
                path: name)
        }
        let header = try archive.file.bytes(at: entry.localHeaderOffset, count: 30, what: "the member's local header")
        guard header.le32(0) == 0x0403_4B50 else {
            throw ExportError(.badArchive, "the member's local header is damaged", path: name)
        }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(header.le16(26)) + UInt64(header.le16(28))
        guard dataOffset <= archive.file.size, entry.compressedSize <= archive.file.size - dataOffset else {
            throw ExportError(
                .badArchive, "the zip archive is truncated: the member's data runs past the end of the file",
                path: name)
        }
        self.displayName = name
        self.archive = archive
        self.entry = entry
        self.dataOffset = dataOffset
        if entry.method == 8 {
            do {
                inflater = try Inflater()
            } catch {
                throw ExportError(.tooLarge, "zlib could not start inflating (out of memory?)", path: name)
            }
        }
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: entry.method == 8 ? Self.inputSize : 0, alignment: 16)
    }

    deinit {
        input.deallocate()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        guard !ended, buffer.count > 0 else { return 0 }
        let count = try entry.method == 8 ? readDeflated(into: buffer) : readStored(into: buffer)
        crc = CRC32.update(crc, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        produced += UInt64(count)
        if count == 0 {
            ended = true
            try checkEnd()
        }
        return count
    }

    private func readStored(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let remaining = entry.compressedSize - produced
        guard remaining > 0 else { return 0 }
        let window = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(UInt64(buffer.count), remaining))])
        let count = try archive.file.read(at: dataOffset + produced, into: window)
        guard count > 0 else { throw truncated() }
        return count
    }

    private func readDeflated(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        guard let inflater else { return 0 }
        while true {
            if inputStart == inputEnd, compressedRead < entry.compressedSize {
                let want = Int(min(UInt64(input.count), entry.compressedSize - compressedRead))
                let count = try archive.file.read(
                    at: dataOffset + compressedRead, into: UnsafeMutableRawBufferPointer(rebasing: input[..<want]))
                guard count > 0 else { throw truncated() }
                compressedRead += UInt64(count)
                inputStart = 0
                inputEnd = count
            }
            // One byte past the declared size is enough to tell that the member lies about it.
            let allowed = entry.uncompressedSize - min(produced, entry.uncompressedSize) + 1
            let window = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(UInt64(buffer.count), allowed))])
            let step: Inflater.Step
            do {
                step = try inflater.inflate(
                    UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd]), into: window)
            } catch .corrupt(let message) {
                throw ExportError(
                    .badArchive, "the member's compressed data is corrupt (zlib: \(message))", path: displayName)
            } catch {
                throw ExportError(.tooLarge, "zlib ran out of memory", path: displayName)
            }
            inputStart += step.consumed
            if produced + UInt64(step.produced) > entry.uncompressedSize {
                throw ExportError(
                    .tooLarge,
                    "the member inflates beyond its declared size of \(entry.uncompressedSize) bytes; "
                        + "stopped reading it (a damaged or malicious zip)",
                    path: displayName)
            }
            if step.finished {
                self.inflater = nil
                return step.produced
            }
            if step.produced > 0 { return step.produced }
            if step.consumed == 0, inputStart == inputEnd, compressedRead >= entry.compressedSize {
                throw truncated()
            }
        }
    }

    private func checkEnd() throws(ExportError) {
        guard produced == entry.uncompressedSize else {
            throw ExportError(
                .badArchive,
                "the member holds \(produced) bytes but the zip directory declares \(entry.uncompressedSize)",
                path: displayName)
        }
        guard crc == entry.crc32 else {
            throw ExportError(.badArchive, "the member's CRC-32 does not match: the data is damaged", path: displayName)
        }
    }

    private func truncated() -> ExportError {
        ExportError(
            .badArchive, "the member's compressed data ends early: the zip archive is truncated or damaged",
            path: displayName)
    }
}
