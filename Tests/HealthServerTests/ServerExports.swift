#if PostgreSQL
import Foundation
import HealthExport

/// Exports and samples for the server tests, dated relative to now (so inside the backfill window).
enum ServerExports {
    /// Midnight UTC today, minus a few hours: the export's date.
    static let exportDate: Int64 = Int64(Date().timeIntervalSince1970) / 86_400 * 86_400 - 4 * 3600

    static func date(_ seconds: Int64) -> String {
        let iso = ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 60).iso8601
        return iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " +0100"
    }

    /// The start of step sample `index` (every six hours back from the export date).
    static func stepStart(_ index: Int) -> Int64 { exportDate - Int64(index + 1) * 6 * 3600 }

    /// An export with `steps` step samples (values 1...) and, when `weight`, one weighing.
    static func xml(steps: Int, exportDate: Int64 = exportDate, firstStep: Int = 0) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_US\">",
            " <ExportDate value=\"\(date(exportDate))\"/>",
        ]
        for index in firstStep..<(firstStep + steps) {
            let start = stepStart(index)
            lines.append(
                " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Jo’s iPhone\" unit=\"count\" creationDate=\"\(date(start + 600))\" startDate=\"\(date(start))\" endDate=\"\(date(start + 60))\" value=\"\(index + 1)\"/>"
            )
        }
        lines.append("</HealthData>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Step samples `range` as an app would upload them (JSON, ISO 8601 dates, no uuid).
    static func samplesJSON(_ range: Range<Int>) -> String {
        let items = range.map { index -> String in
            let start = stepStart(index)
            let iso = { (seconds: Int64) in ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 0).iso8601 }
            return """
                {"kind":"quantity","type":"HKQuantityTypeIdentifierStepCount","sourceName":"Jo’s iPhone","start":"\(iso(start))","end":"\(iso(start + 60))","created":"\(iso(start + 600))","value":\(index + 1),"unit":"count"}
                """
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// Writes `text` to a new temporary file.
    static func file(_ text: String, name: String = "export.xml") throws -> String {
        let folder = NSTemporaryDirectory() + "healthimport-upload-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Zips `xml` as `apple_health_export/export.xml` and returns the zip's path.
    static func zip(_ xml: String) throws -> String {
        let folder = NSTemporaryDirectory() + "healthimport-zip-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: folder + "/apple_health_export", withIntermediateDirectories: true)
        try xml.write(toFile: folder + "/apple_health_export/export.xml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.arguments = ["-q", "-r", "export.zip", "apple_health_export"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        return folder + "/export.zip"
    }
}
#endif
