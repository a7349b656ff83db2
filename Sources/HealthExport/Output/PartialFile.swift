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
///
/// A symbolic link is written through: the partial file goes beside its target, which takes
/// the name. What is not a file at all (a named pipe, a terminal, `/dev/stdout`) is written
/// straight into, as it cannot be renamed onto.
package final class PartialFile {
    /// The name the file takes once committed.
    package let path: String
    /// The name it is written under until then; `path` itself when written straight into.
    package let partialPath: String
    /// The open file, until committed or discarded.
    package private(set) var descriptor: Int32
    /// Whether the file is written straight into (not a regular file): nothing to rename or remove.
    private let inPlace: Bool
    /// Whether the descriptor is the process's own (standard output), left open.
    private let borrowed: Bool

    /// Why the file could not be created, written or named: a sentence with the path and the
    /// C library's reason.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Creates `PATH.partial` for writing; one that cannot be created fails with the reason.
    package init(path: String) throws(Failure) {
        self.path = path
        borrowed = false
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            inPlace = true
            partialPath = path
            let opened = SystemCall.retryingInterrupts { open(path, O_WRONLY | O_CLOEXEC) }
            guard opened >= 0 else {
                throw Failure(description: SystemCall.describe(errno: errno, action: "cannot write \(path)"))
            }
            descriptor = opened
            return
        }
        inPlace = false
        let partial = Self.target(of: path) + ".partial"
        partialPath = partial
        let opened = SystemCall.retryingInterrupts { open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard opened >= 0 else {
            throw Failure(description: SystemCall.describe(errno: errno, action: "cannot create \(partial)"))
        }
        descriptor = opened
    }

    /// Standard output, written straight into and left open: `-` as a command's output.
    package init(standardOutput: Void) {
        path = "standard output"
        partialPath = path
        descriptor = STDOUT_FILENO
        inPlace = true
        borrowed = true
    }

    /// The file `path` names: the target of a symbolic link (one not created yet too), else `path`.
    private static func target(of path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A link to a file not there yet: its target, read beside the link when relative.
        var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &bytes, Int(PATH_MAX))
        guard count > 0 else { return path }
        let link = String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !link.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return link }
        return String(path[...slash]) + link
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
        let status = borrowed ? 0 : close(descriptor)
        descriptor = -1
        guard status == 0 else {
            let failure = Failure(description: SystemCall.describe(errno: errno, action: "cannot write \(path)"))
            if !inPlace { unlink(partialPath) }
            throw failure
        }
        guard !inPlace else { return }
        guard rename(partialPath, String(partialPath.dropLast(".partial".count))) == 0 else {
            let failure = Failure(description: SystemCall.describe(errno: errno, action: "cannot write \(path)"))
            unlink(partialPath)
            throw failure
        }
    }

    /// Closes and removes the unfinished file; nothing once committed.
    package func discard() {
        guard descriptor >= 0 else { return }
        if !borrowed { close(descriptor) }
        descriptor = -1
        if !inPlace { unlink(partialPath) }
    }
}
