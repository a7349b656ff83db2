#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes a scan left at a chunk's end (a token the chunk cut off), waiting for the next
/// chunk: while none wait, chunks are scanned where they lie; while some do, the next chunk is
/// added to them and the scan reads both at once.
final class ScanCarry {
    private var buffer: UnsafeMutableRawBufferPointer
    /// How many bytes wait.
    private(set) var count = 0

    init() {
        buffer = .allocate(byteCount: 2 * ExportReader.chunkSize, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// The bytes the last ``scan(_:with:)`` read: the chunk, or the waiting bytes followed by it.
    private(set) var scanned = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Scans `chunk`, after the bytes waiting for it, with `scanner` (not the last chunk); what
    /// the scan leaves waits for the next chunk. White space waiting alone is read first, so the
    /// chunk is scanned where it lies.
    func scan(_ chunk: UnsafeRawBufferPointer, with scanner: inout OverviewScanner) throws {
        if let space = takeSpace() { try scanner.passSpace(space) }
        scanned = count > 0 ? appending(chunk) : chunk
        let consumed = try scanner.scan(
            scanned.baseAddress!.assumingMemoryBound(to: UInt8.self), count: scanned.count, final: false)
        scanner.shift(by: consumed)
        keep(scanned, consumed: consumed)
    }

    /// The waiting bytes followed by `chunk`.
    private func appending(_ chunk: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        keep(chunk)
        return waiting
    }

    /// The waiting bytes.
    var waiting: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[0..<count]) }

    /// After a scan of `bytes` consumed the first `consumed`: the rest waits.
    private func keep(_ bytes: UnsafeRawBufferPointer, consumed: Int) {
        let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
        if count > 0 {
            if consumed > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + consumed, rest.count) }
            count = rest.count
        } else {
            keep(rest)
        }
    }

    /// Whether the waiting bytes, if any, are white space (a line's end before a cut, which the
    /// next segment need not see).
    var holdsOnlySpace: Bool {
        count == 0 || ByteScan.isWhitespace(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
    }

    /// The waiting bytes when they are only white space, which are read before the next chunk
    /// instead of that chunk being copied after them; they no longer wait.
    private func takeSpace() -> UnsafeRawBufferPointer? {
        guard count > 0, holdsOnlySpace else { return nil }
        defer { count = 0 }
        return waiting
    }

    /// Drops the waiting bytes.
    func removeAll() {
        count = 0
    }

    private func keep(_ bytes: UnsafeRawBufferPointer) {
        if buffer.count - count < bytes.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * (count + bytes.count), alignment: 16)
            larger.copyMemory(from: waiting)
            buffer.deallocate()
            buffer = larger
        }
        UnsafeMutableRawBufferPointer(rebasing: buffer[count...]).copyMemory(from: bytes)
        count += bytes.count
    }
}
