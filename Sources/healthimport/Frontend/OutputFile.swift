#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command writes whole or not at all: lines go to `PATH.partial`, which becomes
/// `PATH` only once everything is written (``commit()``); `-` is standard output.
final class OutputFile {
    /// The lines' buffer and writer.
    let output: StandardOutput
    private let path: String?
    private var partialPath: String? { path.map { $0 + ".partial" } }
    private var isOpen = true

    /// Opens `path` for writing (`-`: standard output); a file that cannot be created fails with its reason.
    init(path: String) throws {
        guard path != "-" else {
            self.path = nil
            output = StandardOutput()
            return
        }
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("\(path) is a folder: give -o a file name")
        }
        let partial = path + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot create \(partial): \(String(cString: strerror(errno)))")
        }
        output = StandardOutput(fileDescriptor: descriptor, name: path)
    }

    /// Writes what is buffered, closes the file and gives it its name.
    func commit() throws {
        try output.flush()
        guard let path, let partialPath else { return }
        isOpen = false
        guard close(output.fileDescriptor) == 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        guard rename(partialPath, path) == 0 else {
            throw CommandFailure("cannot rename \(partialPath) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Closes and removes the unfinished file after a failure.
    func discard() {
        guard let partialPath else { return }
        if isOpen { _ = close(output.fileDescriptor) }
        isOpen = false
        _ = unlink(partialPath)
    }
}
