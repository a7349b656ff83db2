import Foundation
import HealthExport

/// A cheap fingerprint of an input file: its size and a hash of its first and last MiB.
///
/// Two runs on the very same export have the same signature, so the second can stop at once.
/// Standard input and unreadable paths have none.
public enum ExportSignature {
    static let sliceSize = 1 << 20

    /// The signature of the export `package`, opened from what the user named as `path`: of the
    /// file itself for a zip or an XML file, of the XML the package found for a folder (whatever
    /// its name, `导出.xml` too), and none for standard input or an unreadable path.
    public static func of(path: String, package: ExportPackage) -> String? {
        guard path != "-" else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        return of(file: isFolder.boolValue ? package.exportName : path)
    }

    /// The signature of the file at `file`, or `nil` when it cannot be read.
    public static func of(file: String) -> String? {
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
