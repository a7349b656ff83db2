import CZstd

/// Compresses pages with zstd, reusing one compression context and one output buffer.
final class ZstdCompressor {
    private let context: OpaquePointer
    private let level: Int32
    private var output: [UInt8] = []

    /// A compressor at `level` (1 is fast and still small for these columns).
    init(level: Int32) {
        context = ZSTD_createCCtx()
        self.level = level
    }

    deinit { ZSTD_freeCCtx(context) }

    /// Compresses `input` and hands the compressed bytes to `body`; they are valid only inside it.
    func compress<Result>(
        _ input: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        let bound = ZSTD_compressBound(input.count)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        return try output.withUnsafeMutableBytes { destination in
            let written = ZSTD_compressCCtx(
                context, destination.baseAddress, destination.count, input.baseAddress, input.count, level)
            if ZSTD_isError(written) != 0 {
                throw ParquetError("zstd: \(String(cString: ZSTD_getErrorName(written)))")
            }
            return try body(UnsafeRawBufferPointer(rebasing: destination[0..<written]))
        }
    }
}
