#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written front to back under a temporary name beside its final one, `PATH.partial`,
/// and renamed to `PATH` only once complete (``commit()``): a failed run leaves no
/// half-written file behind, since one not committed is removed.
package final class PartialFile {
    /// The name the file takes once committed.
    package let path: String
    /// The name it is written under until then.
    package let partialPath: String
    /// The open file, until committed or discarded.
    package private(set) var descriptor: Int32

    /// Why the file could not be created, written or named: a sentence with the path and the
    /// C library's reason.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Creates `PATH.partial` for writing; one that cannot be created fails with the reason.
    package init(path: String) throws(Failure) {
        self.path = path
        let partial = path + ".partial"
        partialPath = partial
        let opened = SystemCall.retryingInterrupts { open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard opened >= 0 else {
            throw Failure(description: SystemCall.describe(errno: errno, action: "cannot create \(partial)"))
        }
        descriptor = opened
    }

    deinit { discard() }

    /// Writes all of `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if let code = SystemCall.writeAll(descriptor, bytes) {
            throw Failure(description: SystemCall.describe(errno: code, action: "cannot write \(path)"))
        }
    }

    /// Closes the file and gives it its name.
    package func commit() throws(Failure) {
        let status = close(descriptor)
        descriptor = -1
        guard status == 0 else {
            let failure = Failure(description: SystemCall.describe(errno: errno, action: "cannot write \(path)"))
            unlink(partialPath)
            throw failure
        }
        guard rename(partialPath, path) == 0 else {
            let failure = Failure(description: SystemCall.describe(errno: errno, action: "cannot write \(path)"))
            unlink(partialPath)
            throw failure
        }
    }

    /// Closes and removes the unfinished file; nothing once committed.
    package func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(partialPath)
    }
}
