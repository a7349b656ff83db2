#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Size and modification time of a file, or summed over a folder's files: what tells that
/// something is still being written.
struct FileState: Sendable, Hashable {
    var size: Int64
    var modified: Int64
    var files: Int

    /// The state of the file at `path`, or `nil` when it is gone.
    static func of(file path: String) -> FileState? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileState(size: Int64(info.st_size), modified: modificationNanoseconds(info), files: 1)
    }

    /// The summed state of every visible file below `path`.
    static func of(folder path: String) -> FileState? {
        var total = FileState(size: 0, modified: 0, files: 0)
        guard FolderListing.isFolder(path) else { return nil }
        FolderListing.walk(path) { file in
            if let state = of(file: file) {
                total.size += state.size
                total.modified = max(total.modified, state.modified)
                total.files += 1
            }
        }
        return total
    }

}

/// Listing folders with `opendir`, skipping hidden entries (temporary files of `rsync`, AirDrop, editors).
enum FolderListing {
    /// The visible entries of `path`, as (name, is a folder), sorted by name.
    static func entries(_ path: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var result: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            result.append((name, isFolder(path + "/" + name)))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Whether `path` is a folder (following links).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Calls `body` with every visible file below `path`.
    static func walk(_ path: String, depth: Int = 0, _ body: (String) -> Void) {
        guard depth < 16 else { return }
        for entry in entries(path) {
            let child = path + "/" + entry.name
            if entry.isFolder { walk(child, depth: depth + 1, body) } else { body(child) }
        }
    }
}
