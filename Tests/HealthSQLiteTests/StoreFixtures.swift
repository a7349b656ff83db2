import Foundation
import GRDB
import HealthCore
import HealthExport
import HealthFixtures
import HealthJSON

@testable import HealthSQLite

/// A small export written as text, record by record, for the store and anchor tests.
struct FixtureExport {
    /// One `Record` element.
    struct Sample {
        var type = "HKQuantityTypeIdentifierStepCount"
        var source = "Anna’s iPhone"
        var unit = "count"
        var value = "100"
        /// Seconds since 1970 of the start.
        var start: Int64
        /// Seconds after the start that it was created (its creationDate).
        var createdAfter: Int64 = 600
    }

    /// The export's date (seconds since 1970 UTC).
    var exportDate: Int64
    /// The UTC offset the file is written in, minutes.
    var offsetMinutes: Int32 = 120
    var samples: [Sample] = []

    static let day: Int64 = 86_400
    /// 2024-06-01 08:00:00 UTC.
    static let baseDate: Int64 = 1_717_228_800

    func date(_ seconds: Int64) -> String {
        let iso = ExportTimestamp(secondsSince1970: seconds, offsetMinutes: offsetMinutes).iso8601
        let offset = iso.suffix(6).replacingOccurrences(of: ":", with: "")
        return iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " " + offset
    }

    var xml: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_US\">",
            " <ExportDate value=\"\(date(exportDate))\"/>",
        ]
        for sample in samples {
            lines.append(
                " <Record type=\"\(sample.type)\" sourceName=\"\(sample.source)\" unit=\"\(sample.unit)\" creationDate=\"\(date(sample.start + sample.createdAfter))\" startDate=\"\(date(sample.start))\" endDate=\"\(date(sample.start + 60))\" value=\"\(sample.value)\"/>"
            )
        }
        lines.append("</HealthData>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Steps every `spacing` seconds over `days` days before the export date, value = index.
    static func steps(exportDate: Int64 = baseDate, days: Int64, spacing: Int64 = 6 * 3600) -> FixtureExport {
        var export = FixtureExport(exportDate: exportDate)
        var start = exportDate - days * day
        var index = 1
        while start < exportDate - 60 {
            export.samples.append(Sample(value: String(index), start: start))
            start += spacing
            index += 1
        }
        return export
    }

    /// Writes the export to a new temporary file and returns its path.
    func write(in folder: TemporaryFolder, name: String = "export.xml") throws -> String {
        let path = folder.path + "/" + name
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Runs one import of the file at `path` into the store at `database`.
@discardableResult
func importFile(
    _ path: String, into database: String, window: ImportWindow = .standard, windowGiven: Bool = false,
    force: Bool = true, stopAfter: Int? = nil, rowsPerTransaction: Int = 50_000
) throws -> ImportResult {
    let store = try HealthStore.open(path: database)
    let importer = Importer(destination: store)
    if let stopAfter {
        nonisolated(unsafe) var seen = 0
        importer.checkStop = {
            seen += 1
            if seen > stopAfter { throw StopForTest() }
        }
        importer.isInterruption = { $0 is StopForTest }
    }
    var options = ImportOptions()
    options.window = window
    options.windowGiven = windowGiven
    options.force = force
    options.batchSize = 7
    options.rowsPerTransaction = rowsPerTransaction
    return try importer.run(
        reader: try ExportReader(path: path), input: path, signature: ExportSignature.of(file: path), options: options)
}

struct StopForTest: Error {}

extension ImportResult {
    /// The total counts.
    var total: TypeCounts { report?.total ?? TypeCounts() }
}

/// Every data table's rows (and the sample views'), sorted, as text: two stores with equal dumps hold the same records.
func dumpTables(_ database: String) throws -> [String: [String]] {
    let queue = try DatabaseQueue(path: database, configuration: .patient)
    return try queue.read { db in
        let tables = try String.fetchAll(
            db,
            sql:
                """
                SELECT name FROM sqlite_master WHERE (type = 'table' AND name NOT IN ('imports', 'grdb_migrations', 'sqlite_sequence'))
                    OR name IN ('quantity_samples', 'category_samples', 'heartbeats')
                """
        )
        var dump: [String: [String]] = [:]
        for table in tables {
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
            dump[table] = rows.map { row in
                row.filter { $0.0 != "import_id" && $0.0 != "updated" }.map { "\($0.1)" }.joined(separator: "|")
            }.sorted()
        }
        return dump
    }
}

/// Rows in `table`.
func rowCount(_ database: String, _ table: String) throws -> Int {
    try DatabaseQueue(path: database, configuration: .patient).read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    }
}

extension Configuration {
    /// A test connection that waits out the brief lock an importer's connection takes as it
    /// closes on the writer thread, just after the import returned.
    static var patient: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
