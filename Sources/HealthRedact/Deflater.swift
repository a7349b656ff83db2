import CZlib

/// Raw deflate (zip method 8) through zlib, streamed: input in, compressed bytes out as they come.
final class Deflater {
    /// The size of the compressed chunks handed out.
    static let outputSize = 256 << 10

    private var stream = z_stream()
    private let output: UnsafeMutablePointer<UInt8>
    private(set) var crc: UInt32 = 0
    private(set) var inputCount: UInt64 = 0

    init() throws(RedactError) {
        output = .allocate(capacity: Self.outputSize)
        guard healthimport_deflate_init_raw(&stream, 6) == Z_OK else {
            output.deallocate()
            throw RedactError("zlib could not start compressing")
        }
    }

    deinit {
        deflateEnd(&stream)
        output.deallocate()
    }

    /// Compresses `bytes`; `emit` receives the compressed output.
    func compress(_ bytes: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        crc = UInt32(crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
        inputCount += UInt64(bytes.count)
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(bytes.count)
        try run(flush: Z_NO_FLUSH, emit)
    }

    /// Ends the stream; `emit` receives the last compressed bytes.
    func finish(_ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        stream.next_in = nil
        stream.avail_in = 0
        try run(flush: Z_FINISH, emit)
    }

    private func run(flush: Int32, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        repeat {
            stream.next_out = output
            stream.avail_out = uInt(Self.outputSize)
            let status = deflate(&stream, flush)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw RedactError("zlib failed while compressing (status \(status))")
            }
            let produced = Self.outputSize - Int(stream.avail_out)
            if produced > 0 { try emit(UnsafeRawBufferPointer(start: output, count: produced)) }
            if flush == Z_FINISH, status == Z_STREAM_END { return }
        } while stream.avail_out == 0 || (flush == Z_FINISH)
    }
}
