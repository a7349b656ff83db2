#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Member-name helpers for zip archives.
enum ZipPaths {
    /// Lower ranks are tried first: members right inside `apple_health_export/`, then shallower ones.
    static func rank(_ name: String) -> Int {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        let inExportFolder = components.count >= 2 && components[components.count - 2] == "apple_health_export"
        return (inExportFolder ? 0 : 100) + components.count
    }

    /// The member's folder, with its trailing slash (`apple_health_export/`), or empty at the root.
    static func folder(of name: String) -> String {
        guard let slash = name.lastIndex(of: "/") else { return "" }
        return String(name[...slash])
    }
}

/// File-system path helpers.
enum Paths {
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` made relative to the export folder (no leading `/` or `./`), or `nil` when it would
    /// leave the folder (`..`) or is empty.
    static func relative(_ path: String) -> String? {
        let components = path.split(separator: "/").filter { $0 != "." }
        guard !components.isEmpty, !components.contains("..") else { return nil }
        return components.joined(separator: "/")
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The names in `folder`, sorted, without `.` and `..`.
    static func list(_ folder: String) throws(ExportError) -> [String] {
        guard let directory = opendir(folder) else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot list"), path: folder)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
