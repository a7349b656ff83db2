import HealthExport

/// A byte source over a fuzzer's input, handed out in chunks of a chosen size.
public final class BytesSource: ByteSource {
    public let displayName: String
    public var expectedByteCount: Int64? { Int64(bytes.count) }
    private let bytes: UnsafeRawBufferPointer
    private let chunk: Int
    private var offset = 0

    /// Reads `bytes`, which must outlive the source, at most `chunk` bytes per call.
    public init(_ bytes: UnsafeRawBufferPointer, name: String = "fuzz.xml", chunk: Int = 1 << 16) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
        displayName = name
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        offset += count
        return count
    }
}

/// Stops the fuzzer with a message: the input shows a defect.
public func fuzzFailure(_ message: String) -> Never {
    fatalError(message)
}
