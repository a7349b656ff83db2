import Foundation

/// A cheap fingerprint of an input file: its size and a hash of its first and last MiB.
///
/// Two runs on the very same export have the same signature, so the second can stop at once.
/// Standard input and unreadable paths have none.
public enum ExportSignature {
    static let sliceSize = 1 << 20

    /// The signature of the file at `path` (for a folder, its `export.xml`), or `nil`.
    public static func of(path: String) -> String? {
        guard path != "-" else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        var file = path
        if isFolder.boolValue {
            let candidates = ["export.xml", "apple_health_export/export.xml", "export/apple_health_export/export.xml"]
            guard let found = candidates.map({ (path as NSString).appendingPathComponent($0) })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
            else { return nil }
            file = found
        }
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        try? handle.seek(toOffset: 0)
        var bytes = [UInt8]((try? handle.read(upToCount: sliceSize)) ?? Data())
        if size > UInt64(sliceSize) {
            try? handle.seek(toOffset: max(UInt64(sliceSize), size - UInt64(sliceSize)))
            bytes.append(contentsOf: (try? handle.read(upToCount: sliceSize)) ?? Data())
        }
        let digest = bytes.withUnsafeBytes { SHA1.digest($0) }
        let hex = [digest.0, digest.1, digest.2, digest.3, digest.4].map { String(format: "%08x", $0) }.joined()
        return "size=\(size);sha1-head-tail=\(hex)"
    }
}
