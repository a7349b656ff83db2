#if PostgreSQL
import Foundation
import HealthExport

/// An export of step samples, one a minute back from the export's date: large enough that its
/// import runs for seconds, for tests that stop the database under it.
enum StepExport {
    /// Writes `steps` step samples to `path`.
    static func write(steps: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        let end = ServerExports.exportDate
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(ServerExports.date(end))"/>

            """
        for index in 0..<steps {
            let start = end - Int64(index + 1) * 60
            text += """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" \
                creationDate="\(ServerExports.date(start + 600))" startDate="\(ServerExports.date(start))" \
                endDate="\(ServerExports.date(start + 60))" value="\(index % 997 + 1)"/>

                """
            if text.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        text += "</HealthData>\n"
        try file.write(contentsOf: Data(text.utf8))
    }
}
#endif
