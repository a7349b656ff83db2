import HealthExport
import HealthFixtures
import Testing

/// The overview behind `summary` accepts a file only when a full read does: what libxml2
/// refuses inside a record the scanner counts, the scanner refuses too (or leaves to libxml2).
@Suite struct OverviewWellFormednessTests {
    static func export(_ records: String) -> [UInt8] { export(bytes: Array(records.utf8)) }

    static func export(bytes records: [UInt8]) -> [UInt8] {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="2024-06-01 09:00:00 +0200"/>
             <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:00:00 +0200" value="61"/>

            """
        return Array(text.utf8) + records + Array("\n</HealthData>\n".utf8)
    }

    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:10:00 +0200" value="12""#

    @Test(
        "What libxml2 refuses in a counted record fails summary as it fails records",
        arguments: [
            ("repeated attribute", " " + record + #" startDate="2024-05-01 08:00:00 +0200"/>"#),
            ("attribute name starting with a digit", " " + record + #" 1x="a"/>"#),
            ("attribute name with a bad character", " " + record + #" a@b="a"/>"#),
            ("attribute without a value", " " + record + #" checked/>"#),
            ("element name starting with a dash", " <-Record type=\"T\"/>"),
            ("undeclared namespace prefix", " " + record + #" x:y="1"/>"#),
            ("control character reference", " " + record + #" note="&#1;"/>"#),
            ("character reference with a sign", " " + record + #" sourceVersion="&#+65;"/>"#),
            ("character reference with an upper-case X", " " + record + #" sourceVersion="&#X41;"/>"#),
            ("signed reference in a child", " " + record + #"><MetadataEntry key="a" value="&#-0;"/></Record>"#),
            ("child with a repeated attribute", " " + record + #"><MetadataEntry key="a" key="b"/></Record>"#),
            ("processing instruction named xml", " <?xml version=\"1.0\"?>"),
            ("processing instruction with a bad target", " <?1pi data?>"),
        ])
    func malformed(name: String, records: String) throws {
        let result = OverviewDifferential(Self.export(records))
        #expect(result.agrees, "\(name)")
        if case .success = result.full { Issue.record("\(name): the full read accepted it") }
    }

    /// The repair replaces invalid UTF-8 before either read; U+FFFE is valid UTF-8 but no XML
    /// character. Either way both reads say the same.
    @Test(
        "Invalid UTF-8 or a non-character in a counted record's value or name: summary says what records says",
        arguments: [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBF, 0xBE], [0xE2, 0x82],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) throws {
        let prefix = Array((" " + Self.record + #" device="a"#).utf8)
        for value in [prefix + bytes + Array("\"/>".utf8), Array(" <Record ".utf8) + bytes + Array("=\"1\"/>".utf8)] {
            let result = OverviewDifferential(Self.export(bytes: value))
            #expect(result.agrees, "\(bytes)")
        }
    }

    @Test("Well-formed records beyond ASCII are still counted by the overview, as a full read yields them")
    func unicodeCounted() throws {
        let records = " " + Self.record.replacingOccurrences(of: "Phone", with: "Jürgen’s iPhone 📱") + "/>"
        let result = OverviewDifferential(Self.export(records))
        #expect(result.agrees)
        guard case .success(let counts?) = result.overview else {
            Issue.record("the overview stepped aside or failed: \(result.overview)")
            return
        }
        #expect(counts["HKQuantityTypeIdentifierStepCount"] == 1)
    }

    @Test("A source name with references is counted by the overview itself, under the name a full read gives")
    func referencesInSourceCounted() throws {
        let records = [
            Self.record.replacingOccurrences(of: "Phone", with: "Fish &amp; Chips"),
            // A tab written as such reads as a space, one written as a reference stays a tab.
            Self.record.replacingOccurrences(of: "Phone", with: "Caf&#233;\tRun"),
            Self.record.replacingOccurrences(of: "Phone", with: "Caf&#233;&#x9;Run"),
            Self.record.replacingOccurrences(of: "Phone", with: "Fish &#38; Chips"),
        ].map { " " + $0 + "/>" }.joined(separator: "\n")
        let bytes = Self.export(records)
        var handedOver: [String] = []
        let (_, samples) = try ExportReader(source: MemorySource(bytes: bytes, chunk: 1 << 16))
            .readOverview(onChunk: {}) { if $0.kind != .export { handedOver.append($0.type) } }
        #expect(handedOver.isEmpty, "records handed to libxml2: \(handedOver)")
        #expect(samples.sources["Fish & Chips"] == 2)
        #expect(samples.sources["Café Run"] == 1)
        #expect(samples.sources["Café\tRun"] == 1)
        #expect(samples.types["HKQuantityTypeIdentifierStepCount"]?.count == 4)
        var fullSources: [String: Int] = [:]
        _ = try ExportReader(source: MemorySource(bytes: bytes, chunk: 1 << 16)).read {
            if $0.type == "HKQuantityTypeIdentifierStepCount" { fullSources[$0.sourceName ?? "", default: 0] += 1 }
        }
        #expect(fullSources == ["Fish & Chips": 2, "Café Run": 1, "Café\tRun": 1])
    }

    @Test("Deep nesting is left to libxml2, and summary says what records says")
    func deepNesting() throws {
        let depth = 20_000
        let records =
            " " + Self.record + ">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
            + "</Record>"
        let result = OverviewDifferential(Self.export(records))
        #expect(result.agrees)
        #expect(result.steppedAside)
    }

    @Test(
        "Invalid UTF-8 or a non-character in a comment between records: summary says what records says",
        arguments: [[0xFF, 0xFE], [0xEF, 0xBF, 0xBF]] as [[UInt8]])
    func commentUTF8(bytes: [UInt8]) throws {
        let result = OverviewDifferential(Self.export(bytes: Array(" <!-- ".utf8) + bytes + Array(" -->".utf8)))
        #expect(result.agrees)
    }

    @Test("An element with many attributes is left to libxml2, which reads it as a full read does")
    func manyAttributes() throws {
        let attributes = (0..<200).map { " a\($0)=\"\($0)\"" }.joined()
        let result = OverviewDifferential(Self.export(" " + Self.record + attributes + "/>"))
        #expect(result.agrees)
        #expect(result.steppedAside)
    }
}
