import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import Testing

/// The behaviour every store shares, run against each backend by ``SQLiteStoreTests`` and
/// ``PostgresStoreTests``: counts, anchors, repeat imports, interruptions, status.
struct StoreContract {
    let backend: StoreBackend

    /// A small export: steps every six hours over `days` days before 2024-06-01 08:00 UTC,
    /// written at +02:00, plus a weight and a sleep sample, each with metadata.
    static func export(days: Int, exportDate: Int64 = 1_717_228_800, extra: String = "") -> String {
        var lines: [String] = []
        func date(_ seconds: Int64) -> String {
            let iso = ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 120).iso8601
            return iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " +0200"
        }
        var start = exportDate - Int64(days) * 86_400
        var index = 1
        while start < exportDate - 60 {
            lines.append(
                " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Anna’s iPhone\" unit=\"count\" creationDate=\"\(date(start + 600))\" startDate=\"\(date(start))\" endDate=\"\(date(start + 60))\" value=\"\(index)\"/>"
            )
            start += 6 * 3600
            index += 1
        }
        let recent = exportDate - 2 * 86_400
        lines.append(
            " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"lb\" creationDate=\"\(date(recent))\" startDate=\"\(date(recent))\" endDate=\"\(date(recent))\" value=\"154.8\"><MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/></Record>"
        )
        lines.append(
            " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" creationDate=\"\(date(recent + 30_000))\" startDate=\"\(date(recent + 3_600))\" endDate=\"\(date(recent + 30_000))\" value=\"HKCategoryValueSleepAnalysisAsleepCore\"/>"
        )
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(date(exportDate))"/>
            \(lines.joined(separator: "\n"))
            \(extra)
            </HealthData>

            """
    }

    /// Imports `xml` (written to a file) into `store`.
    @discardableResult
    func importXML(
        _ xml: String, into store: any HealthRecordStore, window: ImportWindow = .standard, windowGiven: Bool = false,
        stopAfter: Int? = nil
    ) throws -> ImportResult {
        let folder = TemporaryFolder()
        let path = folder.path + "/export.xml"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return try importFile(path, into: store, window: window, windowGiven: windowGiven, stopAfter: stopAfter)
    }

    @discardableResult
    func importFile(
        _ path: String, into store: any HealthRecordStore, window: ImportWindow = .standard, windowGiven: Bool = false,
        stopAfter: Int? = nil
    ) throws -> ImportResult {
        let importer = Importer(destination: store)
        if let stopAfter {
            nonisolated(unsafe) var seen = 0
            importer.checkStop = {
                seen += 1
                if seen > stopAfter { throw Stop() }
            }
            importer.isInterruption = { $0 is Stop }
        }
        var options = ImportOptions()
        options.window = window
        options.windowGiven = windowGiven
        options.force = true
        options.batchSize = 7
        options.rowsPerTransaction = 20
        return try importer.run(
            reader: try ExportPackage.open(path).makeReader(), input: path, signature: nil, options: options)
    }

    /// `xml` without every third single-line step count and sleep sample, as a later export
    /// that no longer holds them; and how many such samples `xml` has.
    static func withoutEveryThirdSample(_ xml: String) -> (xml: String, seen: Int) {
        var seen = 0
        let later = xml.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            guard
                line.hasPrefix(" <Record type=\"HKQuantityTypeIdentifierStepCount\"")
                    || line.hasPrefix(" <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\""),
                line.hasSuffix("/>")
            else { return true }
            seen += 1
            return seen % 3 != 0
        }.joined(separator: "\n")
        return (later, seen)
    }

    struct Stop: Error {}

    static func rows(_ store: any HealthRecordStore) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try store.status().types.filter { $0.rows > 0 }.map { ($0.type, $0.rows) })
    }

    func firstImportThenRepeat() throws {
        let (store, _, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let xml = Self.export(days: 60)
        let first = try importXML(xml, into: store)
        let total = first.report!.total
        #expect(total.new == 120 + 2 + 1)  // 30 days of steps, weight, sleep, the export row
        #expect(total.outsideWindow == 120)  // the other 30 days
        let again = try importXML(xml, into: store)
        #expect(again.report!.total.new == 0)
        #expect(again.report!.total.alreadyImported == 123)
        let rows = try Self.rows(store)
        #expect(rows["HKQuantityTypeIdentifierStepCount"] == 120)
        #expect(rows["HKQuantityTypeIdentifierBodyMass"] == 1)
        #expect(rows["HKCategoryTypeIdentifierSleepAnalysis"] == 1)
        #expect(rows["HealthExport"] == 1)
        let status = try store.status()
        #expect(status.imports.count == 2)
        #expect(status.imports.allSatisfy { $0.outcome == .completed })
        #expect(status.imports.first?.newCount == 0)
    }

    func anchorsMoveAndReset() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        try importXML(Self.export(days: 10), into: store)
        let anchors = try store.anchors()
        #expect(
            Set(anchors.keys).isSuperset(of: ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBodyMass"]))
        // A newer export: five more days; the anchors skip what is older.
        let newer = try importXML(Self.export(days: 15, exportDate: 1_717_228_800 + 5 * 86_400), into: reopen())
        #expect(newer.report!.total.new == 20 + 2)  // 5 days of steps, the new weight and sleep; same profile
        #expect(
            try store.anchors()["HKQuantityTypeIdentifierStepCount"]!.newestCreation
                > anchors["HKQuantityTypeIdentifierStepCount"]!.newestCreation)
        #expect(try store.resetAnchors(types: ["HKQuantityTypeIdentifierStepCount"]) == 1)
        #expect(try store.anchors()["HKQuantityTypeIdentifierStepCount"] == nil)
        let left = try store.anchors().count
        #expect(try store.resetAnchors(types: nil) == left)
        #expect(try store.anchors().isEmpty)
        #expect(try Self.rows(store)["HKQuantityTypeIdentifierStepCount"] == 60)
    }

    func interruptedThenCompleted() throws {
        let (store, reopen, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let xml = Self.export(days: 30)
        #expect(throws: Stop.self) { try importXML(xml, into: store, stopAfter: 50) }
        #expect(try store.anchors().isEmpty)
        #expect(try store.status().imports.first?.outcome == .interrupted)
        let committed = try Self.rows(store)["HKQuantityTypeIdentifierStepCount"] ?? 0
        #expect(committed > 0 && committed < 120)
        let rerun = try importXML(xml, into: reopen())
        #expect(rerun.report!.total.new + rerun.report!.total.alreadyImported == 123)
        #expect(try Self.rows(store)["HKQuantityTypeIdentifierStepCount"] == 120)
        #expect(try !store.anchors().isEmpty)
    }

    /// Every kind of the repository's sample exports lands in the same tables with the same counts.
    func sampleExports() throws -> [String: Int] {
        let (store, _, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        for folder in ["v14-2025", "v12-2022", "v8-2019"] {
            try importFile(
                repositoryRoot + "/SampleExports/\(folder)/export.xml", into: store, window: .all, windowGiven: true)
        }
        try importFile(repositoryRoot + "/SampleExports/zip/export.zip", into: store, window: .all, windowGiven: true)
        return try Self.rows(store)
    }
}
