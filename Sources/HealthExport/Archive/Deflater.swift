import CZlib

/// A raw-deflate stream (`deflateInit2(-15)`), as zip stores it, with the CRC-32 of its input.
///
/// The `z_stream` lives at a fixed address for its whole life, as zlib requires.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>
    /// The CRC-32 of every byte given so far.
    private(set) var crc: UInt32 = 0
    /// Bytes given, and bytes produced.
    private(set) var consumed: UInt64 = 0
    private(set) var produced: UInt64 = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// zlib refused to start or to go on; its status.
    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "zlib's deflate failed (status \(status))" }
    }

    init(level: Int32 = 6) throws(Failure) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = healthimport_deflate_init_raw(stream, level)
        guard status == Z_OK else {
            stream.deallocate()
            throw Failure(status: status)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses `input`, appending what zlib gives back to `output`.
    func deflate(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(Failure) {
        if let base = input.baseAddress, input.count > 0 {
            crc = UInt32(CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(input.count)))
        }
        consumed += UInt64(input.count)
        try run(input, flush: Z_NO_FLUSH, into: &output)
    }

    /// Ends the stream, appending its last bytes to `output`.
    func finish(into output: inout [UInt8]) throws(Failure) {
        try run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH, into: &output)
    }

    private func run(_ input: UnsafeRawBufferPointer, flush: Int32, into output: inout [UInt8]) throws(Failure) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        while true {
            let (status, count) = chunk.withUnsafeMutableBytes { buffer in
                stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(buffer.count)
                let status = CZlib.deflate(stream, flush)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            output.append(contentsOf: chunk[0..<count])
            produced += UInt64(count)
            switch status {
            case Z_STREAM_END: return
            case Z_OK, Z_BUF_ERROR:
                // zlib takes all the input while it has room for output: room left means done.
                if flush != Z_FINISH && stream.pointee.avail_out > 0 { return }
            default: throw Failure(status: status)
            }
        }
    }
}
