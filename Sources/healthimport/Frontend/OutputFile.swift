import HealthExport

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
    private let file: PartialFile?

    /// Opens `path` for writing (`-`: standard output); a file that cannot be created fails with its reason.
    init(path: String) throws {
        guard path != "-" else {
            file = nil
            output = StandardOutput()
            return
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("\(path) is a folder: give -o a file name")
        }
        do {
            let file = try PartialFile(path: path)
            self.file = file
            output = StandardOutput(fileDescriptor: file.descriptor, name: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Writes what is buffered, closes the file and gives it its name.
    func commit() throws {
        try output.flush()
        do {
            try file?.commit()
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Closes and removes the unfinished file after a failure.
    func discard() {
        file?.discard()
    }
}

/// Refuses an output that is one of the command's inputs under another name (`./export.xml`, an
/// absolute path, a link to it): writing it would replace what is being read.
enum InputGuard {
    /// Throws when `output` (not `-`) is the same file as one of `inputs`, by device and inode.
    static func refuse(output: String, overwriting inputs: [String], what: String) throws {
        guard output != "-", let written = identity(output) else { return }
        for input in inputs where input != "-" {
            if identity(input) == written {
                throw CommandFailure("-o \(output) is the \(what) itself (\(input)): name a new file", exitCode: 64)
            }
        }
    }

    /// The device and inode of the file `path` names, following links; `nil` when there is none.
    private static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
