/// The bytes already read from a source to sniff it, then the rest of the source.
final class PrefixedByteSource: ByteSource {
    var displayName: String { upstream.displayName }
    var expectedByteCount: Int64? { upstream.expectedByteCount }
    private var prefix: [UInt8]
    private var offset = 0
    private let upstream: ByteSource

    init(prefix: [UInt8], upstream: ByteSource) {
        self.prefix = prefix
        self.upstream = upstream
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        guard offset < prefix.count else { return try upstream.read(into: buffer) }
        let count = min(buffer.count, prefix.count - offset)
        prefix.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
