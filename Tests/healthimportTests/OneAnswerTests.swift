import Foundation
import Testing

/// `summary`, `records` and `import` give one answer for the same export: the same repairs,
/// the same counts per type, the same one-line error.
@Suite struct OneAnswerTests {
    /// Writes `bytes` as `export.xml` in a fresh folder and returns its path.
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = try CLI.temporaryFolder() + "/export.xml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func export(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        ]>
        <HealthData locale="de_DE">
         <ExportDate value="2024-06-01 09:00:00 +0200"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-15"/>
        \(body)
        </HealthData>

        """
    }

    static let bloodPressure = """
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Caf@ iPhone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="120"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-31 07:00:00 +0200" endDate="2024-05-31 07:00:00 +0200" value="118"/>
        """

    /// The export above with one byte 0xFF in a source name.
    static func withBadByte() -> [UInt8] {
        var bytes = Array(export(bloodPressure).utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "@"))!] = 0xFF
        return bytes
    }

    static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("A byte that is not UTF-8: summary, records and import all read on, with the same note")
    func invalidUTF8() throws {
        let path = try Self.write(Self.withBadByte())
        let note = "note: replaced 1 byte that is not UTF-8 with '?'"
        let summary = try CLI.run(["summary", path, "--json"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stderr.contains(note), "\(summary.stderr)")
        let sources = try #require(try Self.jsonObject(summary.stdout)["sources"] as? [String: Int])
        #expect(sources["Caf? iPhone"] == 1)

        let records = try CLI.run(["records", path, "--all"])
        #expect(records.status == 0, "\(records.stderr)")
        #expect(records.stderr.contains(note), "\(records.stderr)")
        #expect(records.stdout.contains("\"sourceName\":\"Caf? iPhone\""))

        let database = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/health.sqlite"
        let imported = try CLI.run(["import", path, "--all", "--db", database])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains(note), "\(imported.stderr)")
    }

    @Test("summary counts per type what records prints, blood pressure only inside a correlation included")
    func countsAgree() throws {
        let path = try Self.write(Array(Self.export(Self.bloodPressure).utf8))
        let summary = try CLI.run(["summary", path, "--json"])
        #expect(summary.status == 0, "\(summary.stderr)")
        let types = try #require(try Self.jsonObject(summary.stdout)["types"] as? [String: [String: Any]])
        let summaryCounts = types.compactMapValues { $0["count"] as? Int }

        let records = try CLI.run(["records", path, "--all"])
        var printed: [String: Int] = [:]
        for line in records.lines {
            let object = try Self.jsonObject(line)
            guard object["kind"] as? String != "export", let type = object["type"] as? String else { continue }
            printed[type, default: 0] += 1
        }
        #expect(summaryCounts == printed)
        #expect(printed["HKQuantityTypeIdentifierBloodPressureSystolic"] == 2)
        #expect(printed["HKQuantityTypeIdentifierBloodPressureDiastolic"] == 1)
    }

    @Test(
        "A cut export gets the same one-line error, with line and column, from every command",
        arguments: [
            ("<!ATTLIST", "the export ends inside its DTD (truncated?)"),
            ("</HealthData>", "the export ends before `</HealthData>` (truncated?)"),
        ])
    func truncated(marker: String, message: String) throws {
        let text = Self.export(Self.bloodPressure)
        let path = try Self.write(Array(text[..<text.range(of: marker)!.lowerBound].utf8))
        let database = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/health.sqlite"
        var lines: [String] = []
        for arguments in [
            ["summary", path], ["records", path, "--all"], ["import", path, "--all", "--db", database],
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status == 1, "\(arguments[0]): \(result.stderr)")
            let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(errors.count == 1, "\(arguments[0]): \(result.stderr)")
            lines += errors.map(String.init)
        }
        #expect(Set(lines).count == 1, "\(lines)")
        let line = lines.first ?? ""
        #expect(line.hasPrefix(path + ":"), "\(line)")
        #expect(line.hasSuffix(": error: " + message), "\(line)")
        let position = line.dropFirst(path.count + 1).split(separator: ":").prefix(2)
        #expect(position.count == 2 && position.allSatisfy { Int($0) != nil }, "\(line)")
    }
}
