/// Where an export's bytes come from: a file, standard input, or an entry of a zip archive.
///
/// Sources are read once, front to back, in chunks; none needs to be seekable.
public protocol ByteSource: AnyObject {
    /// A name for messages: the path, `<stdin>`, or `export.zip:apple_health_export/export.xml`.
    var displayName: String { get }
    /// The total number of bytes the source will yield, when known up front (for progress).
    var expectedByteCount: Int64? { get }
    /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end of the source.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int
}
