/// A zip archive written front to back in one pass, never seeking: each entry's sizes and CRC
/// come after its deflated bytes (a data descriptor, general-purpose flag bit 3), so nothing is
/// held back but the central directory's few bytes per entry. Sizes and offsets from 4 GiB on
/// are written in zip64 form (8-byte data-descriptor sizes, zip64 extra fields, the zip64 end
/// records).
///
/// The caller feeds bytes and takes the archive's bytes with ``takeOutput()`` or
/// ``drain(to:)`` as often as it likes (say, whenever ``pendingCount`` passes 64 KiB).
package final class ZipStreamWriter {
    private struct Entry {
        var name: [UInt8]
        var offset: UInt64
        var crc: UInt32
        var compressed: UInt64
        var size: UInt64
    }

    /// Sizes and offsets at or above this are written in zip64 form (lowered by tests).
    package var zip64Threshold: UInt64 = 0xFFFF_FFFF
    private var output: [UInt8] = []
    private var written: UInt64 = 0
    private var entries: [Entry] = []
    private var current: (name: [UInt8], offset: UInt64, deflater: Deflater)?
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// A writer whose entries carry `year`-`month`-`day` `hour`:`minute`:`second` as their
    /// time; by default 1980-01-01 00:00, zip's first day, which says nothing of when the
    /// archive was made.
    package init(year: Int = 1980, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
        dosDate = UInt16(max(0, year - 1980) << 9 | month << 5 | day)
    }

    /// The archive's bytes not yet taken.
    package var pendingCount: Int { output.count }

    /// The archive's bytes written since they were last taken.
    package func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Hands the archive's bytes written since they were last taken to `sink`.
    package func drain(to sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try output.withUnsafeBytes { try sink($0) }
        output.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: [UInt8]) {
        output += bytes
        written += UInt64(bytes.count)
    }

    /// Starts an entry called `name` (ending the one before, if any).
    package func beginEntry(_ name: String) throws {
        if current != nil { try endEntry() }
        let name = Array(name.utf8)
        let offset = written
        var header = LittleEndianBytes()
        header.u32(0x0403_4B50)
        header.u16(45)  // version needed: zip64
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
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let current else { preconditionFailure("write before beginEntry") }
        let before = output.count
        try current.deflater.deflate(bytes, into: &output)
        written += UInt64(output.count - before)
    }

    /// Adds `bytes` to the current entry.
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Adds `text`'s UTF-8 to the current entry.
    package func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the current entry with its data descriptor.
    package func endEntry() throws {
        guard let current else { return }
        let before = output.count
        try current.deflater.finish(into: &output)
        written += UInt64(output.count - before)
        let entry = Entry(
            name: current.name, offset: current.offset, crc: current.deflater.crc,
            compressed: current.deflater.produced, size: current.deflater.consumed)
        var descriptor = LittleEndianBytes()
        descriptor.u32(0x0807_4B50)
        descriptor.u32(entry.crc)
        if entry.compressed >= zip64Threshold || entry.size >= zip64Threshold {
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

    /// Ends the last entry and writes the central directory and the end records.
    package func finish() throws {
        try endEntry()
        let directoryStart = written
        for entry in entries {
            let bigSize = entry.size >= zip64Threshold
            let bigCompressed = entry.compressed >= zip64Threshold
            let bigOffset = entry.offset >= zip64Threshold
            var extra = LittleEndianBytes()
            if bigSize || bigCompressed || bigOffset {
                var fields = LittleEndianBytes()
                if bigSize { fields.u64(entry.size) }
                if bigCompressed { fields.u64(entry.compressed) }
                if bigOffset { fields.u64(entry.offset) }
                extra.u16(0x0001)
                extra.u16(UInt16(fields.bytes.count))
                extra.bytes += fields.bytes
            }
            var header = LittleEndianBytes()
            header.u32(0x0201_4B50)
            header.u16(0x0300 | 45)  // made by Unix, version 4.5
            header.u16(45)
            header.u16(0x0808)
            header.u16(8)
            header.u16(dosTime)
            header.u16(dosDate)
            header.u32(entry.crc)
            header.u32(bigCompressed ? 0xFFFF_FFFF : UInt32(entry.compressed))
            header.u32(bigSize ? 0xFFFF_FFFF : UInt32(entry.size))
            header.u16(UInt16(entry.name.count))
            header.u16(UInt16(extra.bytes.count))
            header.u16(0)  // comment
            header.u16(0)  // disk
            header.u16(0)  // internal attributes
            header.u32(0o100644 << 16)  // a regular file, rw-r--r--
            header.u32(bigOffset ? 0xFFFF_FFFF : UInt32(entry.offset))
            header.bytes += entry.name + extra.bytes
            emit(header.bytes)
        }
        let directoryEnd = written
        let directorySize = directoryEnd - directoryStart
        let count = UInt64(entries.count)
        let large =
            directoryStart >= zip64Threshold || directorySize >= zip64Threshold || count >= 0xFFFF
            || entries.contains { $0.size >= zip64Threshold || $0.compressed >= zip64Threshold }
        var end = LittleEndianBytes()
        if large {
            end.u32(0x0606_4B50)
            end.u64(44)
            end.u16(0x0300 | 45)
            end.u16(45)
            end.u32(0)
            end.u32(0)
            end.u64(count)
            end.u64(count)
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
        end.u16(large ? 0xFFFF : UInt16(count))
        end.u16(large ? 0xFFFF : UInt16(count))
        end.u32(large ? 0xFFFF_FFFF : UInt32(directorySize))
        end.u32(large ? 0xFFFF_FFFF : UInt32(directoryStart))
        end.u16(0)
        emit(end.bytes)
    }
}
