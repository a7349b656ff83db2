#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read at given offsets (`pread`), so any number of zip entries can be read from one descriptor.
final class ArchiveFile {
    /// The name for messages.
    let displayName: String
    /// The file's size in bytes.
    let size: UInt64
    private let descriptor: Int32

    /// Opens `path`; throws `.unreadable` when it is missing, a folder, or not readable.
    convenience init(path: String) throws(ExportError) {
        let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot open"), path: path)
        }
        try self.init(adopting: fd, displayName: path)
    }

    /// Takes ownership of the open descriptor `fd` (closed on deinit, also when this throws).
    init(adopting fd: Int32, displayName: String) throws(ExportError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw ExportError(.unreadable, SystemCall.describe(errno: code, action: "cannot stat"), path: displayName)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ExportError(.unreadable, "is not a regular file", path: displayName)
        }
        self.displayName = displayName
        descriptor = fd
        size = UInt64(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = SystemCall.retryingInterrupts {
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            }
            guard count >= 0 else {
                throw ExportError(
                    .unreadable, SystemCall.describe(errno: errno, action: "cannot read"), path: displayName)
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Exactly `count` bytes at `offset`, or a `.badArchive` error naming `what` when the file ends first.
    func bytes(at offset: UInt64, count: Int, what: String) throws(ExportError) -> [UInt8] {
        guard offset <= size, UInt64(count) <= size - offset else {
            throw ExportError(
                .badArchive, "the zip archive is truncated: \(what) lies beyond the end of the file", path: displayName)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
        defer { buffer.deallocate() }
        let read = try self.read(at: offset, into: buffer)
        guard read == count else {
            throw ExportError(
                .badArchive, "the zip archive is truncated: \(what) lies beyond the end of the file", path: displayName)
        }
        return Array(buffer)
    }
}

/// Little-endian fields of zip records.
extension Array where Element == UInt8 {
    @inline(__always)
    func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }

    @inline(__always)
    func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }

    @inline(__always)
    func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
}
