import HealthExport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the exports in a folder tree, and the folders to watch.
///
/// A `.zip` file anywhere is an export; a folder holding an XML file that begins as a Health
/// export (its root or DOCTYPE is `HealthData`, whatever its name) is an export folder, read
/// whole with its routes and ECGs; such an XML file directly in the watched folder is imported
/// on its own. Hidden files are left alone.
struct ExportScanner {
    let root: String

    /// What a scan found.
    struct Result {
        var exports: [WatchedExport] = []
        var folders: [String] = []
    }

    func scan() -> Result {
        var result = Result()
        result.folders.append(root)
        scan(folder: root, depth: 0, into: &result)
        return result
    }

    private func scan(folder: String, depth: Int, into result: inout Result) {
        let entries = FolderListing.entries(folder)
        if folder != root, entries.contains(where: { !$0.isFolder && Self.isHealthXML(folder + "/" + $0.name) }) {
            result.exports.append(WatchedExport(path: folder, kind: .folder))
            collectFolders(folder, depth: depth, into: &result)
            return
        }
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                guard depth < 16 else { continue }
                result.folders.append(path)
                scan(folder: path, depth: depth + 1, into: &result)
            } else if entry.name.lowercased().hasSuffix(".zip") {
                result.exports.append(WatchedExport(path: path, kind: .zip))
            } else if folder == root, Self.isHealthXML(path) {
                result.exports.append(WatchedExport(path: path, kind: .xml))
            }
        }
    }

    /// An export folder's subfolders are watched too, so routes still being copied delay it.
    private func collectFolders(_ folder: String, depth: Int, into result: inout Result) {
        result.folders.append(folder)
        guard depth < 16 else { return }
        for entry in FolderListing.entries(folder) where entry.isFolder {
            collectFolders(folder + "/" + entry.name, depth: depth + 1, into: &result)
        }
    }

    /// Whether `path` names an XML file that begins as a Health export (its root or DOCTYPE is `HealthData`).
    static func isHealthXML(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".xml") else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: ExportLocator.sniffLength)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return ExportLocator.isHealthExport(head[0..<count])
    }
}
