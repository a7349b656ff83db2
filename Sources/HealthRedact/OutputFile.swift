import HealthExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written front to back under a temporary name beside its final one, and renamed into
/// place only once complete: a failed run leaves no half-written file behind.
final class OutputFile {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// Bytes written so far.
    private(set) var offset: UInt64 = 0

    init(path: String) throws(RedactError) {
        self.path = path
        let temporary = path + ".partial"
        temporaryPath = temporary
        let opened = Self.retrying { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard opened >= 0 else { throw RedactError("cannot create \(path): \(Self.reason())") }
        descriptor = opened
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(RedactError) {
        var done = 0
        while done < bytes.count {
            let count = Self.retrying {
                SystemCall.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            }
            guard count > 0 else { throw RedactError("cannot write \(path): \(Self.reason())") }
            done += count
        }
        offset += UInt64(bytes.count)
    }

    /// Closes the file and gives it its name.
    func commit() throws(RedactError) {
        let status = close(descriptor)
        descriptor = -1
        guard status == 0 else {
            unlink(temporaryPath)
            throw RedactError("cannot write \(path): \(Self.reason())")
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = Self.reason()
            unlink(temporaryPath)
            throw RedactError("cannot write \(path): \(reason)")
        }
    }

    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
