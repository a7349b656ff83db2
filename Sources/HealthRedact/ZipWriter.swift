import HealthExport

/// A zip archive streamed into a file: the package's zip writer, its bytes written out in
/// large blocks to `PATH.partial`, which takes its name once the archive is finished.
final class ZipWriter {
    /// The size of the blocks written out.
    private static let blockSize = 256 << 10
    private let file: PartialFile
    private let zip = ZipStreamWriter()

    /// Sizes and offsets at or above this are written in zip64 form (lowered by tests).
    var zip64Threshold: UInt64 {
        get { zip.zip64Threshold }
        set { zip.zip64Threshold = newValue }
    }

    /// A writer into a new file at `path`.
    init(path: String) throws(RedactError) {
        do {
            file = try PartialFile(path: path)
        } catch {
            throw RedactError(error.description)
        }
    }

    /// Starts the member `name`.
    func begin(_ name: String) throws(RedactError) {
        try writing { try zip.beginEntry(name) }
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RedactError) {
        try writing { try zip.write(bytes) }
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: [UInt8]) throws(RedactError) {
        try writing { try zip.write(bytes) }
    }

    /// Ends the member being written.
    func end() throws(RedactError) {
        try writing { try zip.endEntry() }
    }

    /// Writes the central directory and the end records, then hands the file its name.
    func finish() throws(RedactError) {
        try writing {
            try zip.finish()
            try zip.drain(to: file.write)
            try file.commit()
        }
    }

    /// Runs `step`, then writes the archive's bytes out once a block has gathered; a failure
    /// (the file's, or zlib's) becomes the redaction's error.
    private func writing(_ step: () throws -> Void) throws(RedactError) {
        do {
            try step()
            if zip.pendingCount >= Self.blockSize { try zip.drain(to: file.write) }
        } catch {
            throw RedactError(String(describing: error))
        }
    }
}
