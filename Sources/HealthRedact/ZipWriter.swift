/// Writes a zip archive front to back, never seeking: each member gets a local header with its
/// sizes left to a data descriptor after its deflated bytes, and the central directory comes at
/// the end. Sizes and offsets from 4 GB on are written in zip64 form (8-byte data-descriptor
/// sizes, zip64 extra fields, the zip64 end records).
final class ZipWriter {
    private struct Member {
        var name: [UInt8]
        var offset: UInt64
        var crc: UInt32
        var compressed: UInt64
        var size: UInt64
    }

    /// Sizes and offsets at or above this are written in zip64 form (lowered by tests).
    var zip64Threshold: UInt64 = 0xFFFF_FFFF
    private let file: OutputFile
    private var members: [Member] = []
    private var current: (name: [UInt8], offset: UInt64, deflater: Deflater, compressed: UInt64)?
    private var buffer: [UInt8] = []

    /// DOS date and time of every member: 1980-01-01 00:00, which says nothing of when the export was made.
    private static let dosTime: UInt16 = 0
    private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

    init(file: OutputFile) {
        self.file = file
    }

    /// Starts the member `name`.
    func begin(_ name: String) throws {
        precondition(current == nil)
        let nameBytes = Array(name.utf8)
        let offset = file.offset + UInt64(buffer.count)
        var header = ByteWriter()
        header.u32(0x0403_4b50)
        header.u16(45)
        header.u16(0x0808)  // sizes in a data descriptor; UTF-8 names
        header.u16(8)
        header.u16(Self.dosTime)
        header.u16(Self.dosDate)
        header.u32(0)
        header.u32(0)
        header.u32(0)
        header.u16(UInt16(nameBytes.count))
        header.u16(0)
        header.bytes.append(contentsOf: nameBytes)
        try put(header.bytes)
        current = (nameBytes, offset, try Deflater(), 0)
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let deflater = current?.deflater else { preconditionFailure("no member begun") }
        try deflater.compress(bytes) { try self.putCompressed($0) }
    }

    /// Adds `bytes` to the member being written.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Ends the member being written.
    func end() throws {
        guard let deflater = current?.deflater else { preconditionFailure("no member begun") }
        try deflater.finish { try self.putCompressed($0) }
        let member = Member(
            name: current!.name, offset: current!.offset, crc: deflater.crc, compressed: current!.compressed,
            size: deflater.inputCount)
        current = nil
        var descriptor = ByteWriter()
        descriptor.u32(0x0807_4b50)
        descriptor.u32(member.crc)
        if member.compressed >= zip64Threshold || member.size >= zip64Threshold {
            descriptor.u64(member.compressed)
            descriptor.u64(member.size)
        } else {
            descriptor.u32(UInt32(member.compressed))
            descriptor.u32(UInt32(member.size))
        }
        try put(descriptor.bytes)
        members.append(member)
    }

    /// Writes the central directory and the end records, then hands the file its name.
    func finish() throws {
        precondition(current == nil)
        let directoryOffset = file.offset + UInt64(buffer.count)
        for member in members {
            let bigSize = member.size >= zip64Threshold
            let bigCompressed = member.compressed >= zip64Threshold
            let bigOffset = member.offset >= zip64Threshold
            var extra = ByteWriter()
            if bigSize || bigCompressed || bigOffset {
                var fields = ByteWriter()
                if bigSize { fields.u64(member.size) }
                if bigCompressed { fields.u64(member.compressed) }
                if bigOffset { fields.u64(member.offset) }
                extra.u16(0x0001)
                extra.u16(UInt16(fields.bytes.count))
                extra.bytes.append(contentsOf: fields.bytes)
            }
            var entry = ByteWriter()
            entry.u32(0x0201_4b50)
            entry.u16(0x032D)  // made on Unix, zip 4.5
            entry.u16(45)
            entry.u16(0x0808)
            entry.u16(8)
            entry.u16(Self.dosTime)
            entry.u16(Self.dosDate)
            entry.u32(member.crc)
            entry.u32(bigCompressed ? 0xFFFF_FFFF : UInt32(member.compressed))
            entry.u32(bigSize ? 0xFFFF_FFFF : UInt32(member.size))
            entry.u16(UInt16(member.name.count))
            entry.u16(UInt16(extra.bytes.count))
            entry.u16(0)
            entry.u16(0)
            entry.u16(0)
            entry.u32(0o100644 << 16)
            entry.u32(bigOffset ? 0xFFFF_FFFF : UInt32(member.offset))
            entry.bytes.append(contentsOf: member.name)
            entry.bytes.append(contentsOf: extra.bytes)
            try put(entry.bytes)
        }
        let directoryEnd = file.offset + UInt64(buffer.count)
        let directorySize = directoryEnd - directoryOffset
        let count = UInt64(members.count)
        var end = ByteWriter()
        let needs64 =
            directoryOffset >= zip64Threshold || directorySize >= zip64Threshold || count >= 0xFFFF
            || members.contains { $0.size >= zip64Threshold || $0.compressed >= zip64Threshold }
        if needs64 {
            end.u32(0x0606_4b50)
            end.u64(44)
            end.u16(0x032D)
            end.u16(45)
            end.u32(0)
            end.u32(0)
            end.u64(count)
            end.u64(count)
            end.u64(directorySize)
            end.u64(directoryOffset)
            end.u32(0x0706_4b50)
            end.u32(0)
            end.u64(directoryEnd)
            end.u32(1)
        }
        end.u32(0x0605_4b50)
        end.u16(0)
        end.u16(0)
        end.u16(needs64 ? 0xFFFF : UInt16(count))
        end.u16(needs64 ? 0xFFFF : UInt16(count))
        end.u32(needs64 ? 0xFFFF_FFFF : UInt32(directorySize))
        end.u32(needs64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        end.u16(0)
        try put(end.bytes)
        try drain()
        try file.commit()
    }

    private func putCompressed(_ bytes: UnsafeRawBufferPointer) throws {
        current?.compressed += UInt64(bytes.count)
        buffer.append(contentsOf: bytes)
        if buffer.count >= Deflater.outputSize { try drain() }
    }

    private func put(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Deflater.outputSize { try drain() }
    }

    private func drain() throws {
        try buffer.withUnsafeBytes { try file.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Little-endian integers into bytes.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }
}
