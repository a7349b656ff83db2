import CZlib

/// Inflates a raw-deflate stream (`inflateInit2(-15)`), as zip stores it.
///
/// The `z_stream` lives at a fixed address for its whole life, as zlib requires.
final class Inflater {
    /// What one call to ``inflate(_:into:)`` did.
    struct Step {
        /// Input bytes consumed.
        var consumed: Int
        /// Output bytes produced.
        var produced: Int
        /// Whether the deflate stream's final block has been decoded.
        var finished: Bool
    }

    /// Why inflating failed.
    enum Failure: Error {
        /// The data is not valid deflate data; zlib's message.
        case corrupt(String)
        /// zlib could not start (out of memory).
        case setup(Int32)
    }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(Failure) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = healthimport_inflate_init_raw(stream)
        guard status == Z_OK else {
            stream.deallocate()
            throw .setup(status)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates from `input` into `output` until one of them is used up or the stream ends.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(Failure) -> Step {
        stream.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in),
            produced: output.count - Int(stream.pointee.avail_out),
            finished: status == Z_STREAM_END)
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        case Z_MEM_ERROR:
            throw .setup(status)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw .corrupt(message)
        }
    }
}

/// CRC-32 as zip uses it, computed by zlib.
enum CRC32 {
    /// Continues `crc` over `bytes`.
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        return UInt32(CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// The CRC-32 of `bytes`.
    static func checksum<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        Array(bytes).withUnsafeBytes { update(0, $0) }
    }
}
