import HealthExport

extension ByteSource {
    /// Every byte the source yields, read `bufferSize` bytes at a time at the most.
    public func readAll(bufferSize: Int = 4096) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }
}
