/// A zip archive written front to back in one pass, for streaming: each entry's sizes and CRC
/// come after its data (a data descriptor, general-purpose flag bit 3), so nothing is held back
/// but the central directory's few bytes per entry. Entries are deflated; sizes past 4 GiB get
/// Zip64 fields.
///
/// The caller feeds bytes and takes the archive's bytes with ``takeOutput()`` as often as it
/// likes (say, whenever ``pendingCount`` passes 64 KiB).
final class ZipStreamWriter {
    private struct Entry {
        var name: [UInt8]
        var offset: UInt64
        var crc: UInt32
        var compressed: UInt64
        var size: UInt64
    }

    private var output: [UInt8] = []
    private var written: UInt64 = 0
    private var entries: [Entry] = []
    private var current: (name: [UInt8], offset: UInt64, deflater: Deflater)?
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// A writer whose entries carry `year`-`month`-`day` `hour`:`minute`:`second` as their time.
    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
        dosDate = UInt16(max(0, year - 1980) << 9 | month << 5 | day)
    }

    /// The archive's bytes not yet taken.
    var pendingCount: Int { output.count }

    /// The archive's bytes written since the last call.
    func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private func emit(_ bytes: [UInt8]) {
        output += bytes
        written += UInt64(bytes.count)
    }

    /// Starts an entry called `name` (ending the one before, if any).
    func beginEntry(_ name: String) throws {
        if current != nil { try endEntry() }
        let name = Array(name.utf8)
        let offset = written
        var header = ZipBytes()
        header.u32(0x0403_4B50)
        header.u16(45)  // version needed: Zip64
        header.u16(0x0808)  // data descriptor follows; UTF-8 name
        header.u16(8)  // deflate
        header.u16(dosTime)
        header.u16(dosDate)
        header.u32(0)  // CRC, compressed and uncompressed sizes: in the data descriptor
        header.u32(0)
        header.u32(0)
        header.u16(UInt16(name.count))
        header.u16(0)
        header.bytes += name
        emit(header.bytes)
        current = (name, offset, try Deflater())
    }

    /// Adds `bytes` to the current entry.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let current else { preconditionFailure("write before beginEntry") }
        let before = output.count
        try current.deflater.deflate(bytes, into: &output)
        written += UInt64(output.count - before)
    }

    /// Adds `text`'s UTF-8 to the current entry.
    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the current entry with its data descriptor.
    func endEntry() throws {
        guard let current else { return }
        let before = output.count
        try current.deflater.finish(into: &output)
        written += UInt64(output.count - before)
        let entry = Entry(
            name: current.name, offset: current.offset, crc: current.deflater.crc,
            compressed: current.deflater.produced, size: current.deflater.consumed)
        var descriptor = ZipBytes()
        descriptor.u32(0x0807_4B50)
        descriptor.u32(entry.crc)
        if entry.compressed >= 0xFFFF_FFFF || entry.size >= 0xFFFF_FFFF {
            descriptor.u64(entry.compressed)
            descriptor.u64(entry.size)
        } else {
            descriptor.u32(UInt32(entry.compressed))
            descriptor.u32(UInt32(entry.size))
        }
        emit(descriptor.bytes)
        entries.append(entry)
        self.current = nil
    }

    /// Ends the last entry and writes the central directory.
    func finish() throws {
        try endEntry()
        let directoryStart = written
        for entry in entries {
            let large = entry.compressed >= 0xFFFF_FFFF || entry.size >= 0xFFFF_FFFF || entry.offset >= 0xFFFF_FFFF
            var extra = ZipBytes()
            if large {
                extra.u16(0x0001)
                extra.u16(24)
                extra.u64(entry.size)
                extra.u64(entry.compressed)
                extra.u64(entry.offset)
            }
            var header = ZipBytes()
            header.u32(0x0201_4B50)
            header.u16(0x0300 | 45)  // made by Unix, version 4.5
            header.u16(45)
            header.u16(0x0808)
            header.u16(8)
            header.u16(dosTime)
            header.u16(dosDate)
            header.u32(entry.crc)
            header.u32(large ? 0xFFFF_FFFF : UInt32(entry.compressed))
            header.u32(large ? 0xFFFF_FFFF : UInt32(entry.size))
            header.u16(UInt16(entry.name.count))
            header.u16(UInt16(extra.bytes.count))
            header.u16(0)  // comment
            header.u16(0)  // disk
            header.u16(0)  // internal attributes
            header.u32(0o100644 << 16)  // a regular file, rw-r--r--
            header.u32(large ? 0xFFFF_FFFF : UInt32(entry.offset))
            header.bytes += entry.name + extra.bytes
            emit(header.bytes)
        }
        let directoryEnd = written
        let directorySize = directoryEnd - directoryStart
        var end = ZipBytes()
        let large = directoryStart >= 0xFFFF_FFFF || entries.count >= 0xFFFF
        if large {
            end.u32(0x0606_4B50)
            end.u64(44)
            end.u16(0x0300 | 45)
            end.u16(45)
            end.u32(0)
            end.u32(0)
            end.u64(UInt64(entries.count))
            end.u64(UInt64(entries.count))
            end.u64(directorySize)
            end.u64(directoryStart)
            end.u32(0x0706_4B50)
            end.u32(0)
            end.u64(directoryEnd)
            end.u32(1)
        }
        end.u32(0x0605_4B50)
        end.u16(0)
        end.u16(0)
        end.u16(large ? 0xFFFF : UInt16(entries.count))
        end.u16(large ? 0xFFFF : UInt16(entries.count))
        end.u32(large ? 0xFFFF_FFFF : UInt32(directorySize))
        end.u32(large ? 0xFFFF_FFFF : UInt32(directoryStart))
        end.u16(0)
        emit(end.bytes)
    }
}

/// Little-endian fields, as zip writes them.
struct ZipBytes {
    var bytes: [UInt8] = []

    mutating func u16(_ value: UInt16) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }
}
