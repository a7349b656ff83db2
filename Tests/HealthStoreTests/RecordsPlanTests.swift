#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthFixtures
@testable import HealthPostgres
import Testing

/// A person's whole record list (`people export`, the records route without `since`) read
/// where the planner knows nothing of the person yet.
@Suite(
    "A person's records, read before the tables are analysed",
    .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct RecordsPlanTests {
    static let samples = 15_000

    @Test("Right after a person's first import, every record streams at once, not after a join per record")
    func newPerson() throws {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("plan"))
        defer { store.closeWaiting() }
        // The planner's figures, taken now, count no row of this person: it believes they have
        // almost none, as it does of anyone whose import came after the tables' last analysis.
        try Blocking.run {
            try await store.query("ANALYZE quantity_samples")
            try await store.query("ANALYZE metadata")
        }
        try Self.importSamples(into: store)

        // On this thread, as the command line reads: not on the shared pool, which other tests may keep.
        let (lines, withMetadata, took) = try Blocking.run {
            let started = ContinuousClock.now
            var lines = 0
            var withMetadata = 0
            try await store.streamRecords(selection: .everything, since: nil) { line in
                lines += 1
                if line.contains("\"metadata\":{\"sequence\":") { withMetadata += 1 }
            }
            return (lines, withMetadata, started.duration(to: .now))
        }
        #expect(lines == Self.samples)
        #expect(withMetadata == Self.samples)
        // A join by nested loop groups the person's metadata again for each record: minutes here.
        #expect(took < .seconds(30), "\(took)")
    }

    /// Imports ``samples`` heart rates a minute apart, each with a metadata entry of its own.
    static func importSamples(into store: PostgresStore) throws {
        let first: Int64 = 1_717_000_000
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2024-06-20 10:00:00 +0000"/>

            """
        for index in 0..<samples {
            let date = ExportTimestamp(secondsSince1970: first + Int64(index) * 60, offsetMinutes: 0).iso8601
            let text = date.prefix(19).replacingOccurrences(of: "T", with: " ") + " +0000"
            xml += """
                 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" \
                creationDate="\(text)" startDate="\(text)" endDate="\(text)" value="\(60 + index % 40)">\
                <MetadataEntry key="sequence" value="\(index)"/></Record>

                """
        }
        xml += "</HealthData>\n"
        let folder = TemporaryFolder()
        let path = folder.path + "/export.xml"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        var options = ImportOptions()
        options.window = .all
        options.windowGiven = true
        _ = try Importer(destination: store).run(
            reader: try ExportPackage.open(path).makeReader(), input: path, signature: nil, options: options)
    }
}
#endif
