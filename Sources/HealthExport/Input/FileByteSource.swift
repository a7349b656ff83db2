#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file, or standard input, with plain POSIX reads.
public final class FileByteSource: ByteSource {
    public let displayName: String
    public let expectedByteCount: Int64?
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// Opens `path` for reading; `-` means standard input.
    public init(path: String) throws(ExportError) {
        if path == "-" {
            displayName = "<stdin>"
            descriptor = 0
            ownsDescriptor = false
            expectedByteCount = nil
            return
        }
        displayName = path
        let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot open"), path: path)
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ExportError(.unreadable, "is a folder, not a file", path: path)
        }
        descriptor = fd
        ownsDescriptor = true
        expectedByteCount = (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : nil
    }

    /// Reads from `descriptor`, which the source takes over (it closes it when it goes away).
    package init(adopting descriptor: Int32, displayName: String) {
        self.displayName = displayName
        self.descriptor = descriptor
        ownsDescriptor = true
        expectedByteCount = nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = SystemCall.retryingInterrupts { SystemCall.read(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot read"), path: displayName)
        }
        return count
    }
}
