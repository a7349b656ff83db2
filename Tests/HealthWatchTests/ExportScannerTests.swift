import Foundation
import Testing

@testable import HealthWatch

@Suite struct ExportScannerTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "healthwatch-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("zips anywhere, export folders by content, export XML at the top; hidden files, CDA and other XML left alone")
    func findsExports() throws {
        let folder = try Self.folder()
        let sample = try String(contentsOfFile: Self.root + "/SampleExports/v14-2025/export.xml", encoding: .utf8)
        try Self.write("PK", folder + "/a/export.zip")
        try Self.write("PK", folder + "/.export.zip.partial")
        try Self.write(sample, folder + "/b/apple_health_export/导出.xml")
        try Self.write("<gpx/>", folder + "/b/apple_health_export/workout-routes/route.gpx")
        try Self.write("<?xml version=\"1.0\"?>\n<ClinicalDocument/>", folder + "/c/export_cda.xml")
        try Self.write(sample, folder + "/export.xml")
        try Self.write("<?xml version=\"1.0\"?>\n<notes/>", folder + "/notes.xml")

        let found = ExportScanner(root: folder).scan()
        #expect(
            found.exports == [
                WatchedExport(path: folder + "/a/export.zip", kind: .zip),
                WatchedExport(path: folder + "/b/apple_health_export", kind: .folder),
                WatchedExport(path: folder + "/export.xml", kind: .xml),
            ])
        // Every folder is watched, an export folder's own subfolders too.
        #expect(
            Set(found.folders)
                == Set([
                    folder, folder + "/a", folder + "/b", folder + "/b/apple_health_export",
                    folder + "/b/apple_health_export/workout-routes", folder + "/c",
                ]))
    }

    @Test("a folder's state changes when a file below it grows")
    func folderState() throws {
        let folder = try Self.folder()
        try Self.write("one", folder + "/x/a.txt")
        let before = FileState.of(folder: folder)
        try Self.write("one two", folder + "/x/a.txt")
        let after = FileState.of(folder: folder)
        #expect(before != nil && after != nil && before != after)
        #expect(after?.files == 1 && after?.size == 7)
        #expect(FileState.of(folder: folder + "/missing") == nil)
    }
}
