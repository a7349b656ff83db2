import HealthExport
import HealthFixtures
import Testing

/// A cut or broken export gets one line, `file:line:column: error: message`, in words a user
/// understands, and the same line from the full read and the overview.
@Suite struct TruncatedExportTests {
    static let whole = export(
        """
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="120"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="70">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
        """)

    /// The error of a full read and of an overview (which steps aside to a full read when unsure).
    static func errors(_ text: String) -> (full: String?, overview: String?) {
        func message(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch {
                return String(describing: error)
            }
        }
        let full = message {
            _ = try ExportReader(source: MemorySource(text, name: "export.zip:apple_health_export/export.xml")).read {
                _ in
            }
        }
        let overview = message {
            do {
                _ = try ExportReader(source: MemorySource(text, name: "export.zip:apple_health_export/export.xml"))
                    .readOverview(onChunk: {}) { _ in }
            } catch is ExportReader.OverviewUnavailable {
                _ = try ExportReader(source: MemorySource(text, name: "export.zip:apple_health_export/export.xml")).read
                { _ in }
            }
        }
        return (full, overview)
    }

    static func cut(before marker: String, offset: Int = 0) -> String {
        let range = whole.range(of: marker)!
        return String(whole[..<whole.index(range.lowerBound, offsetBy: offset)])
    }

    @Test("An export cut inside its DTD says so, where it ends")
    func insideDTD() {
        let text = Self.cut(before: "<!ATTLIST")
        let (full, overview) = Self.errors(text)
        #expect(
            full == "export.zip:apple_health_export/export.xml:5:1: error: the export ends inside its DTD (truncated?)")
        #expect(overview == full)
    }

    @Test("An export cut after its DTD says it ends before <HealthData>")
    func afterDTD() {
        let (full, _) = Self.errors(Self.cut(before: "<HealthData"))
        #expect(full?.hasSuffix(":7:1: error: the export ends before its `<HealthData>` element (truncated?)") == true)
    }

    @Test("A missing </HealthData> says the export ends before it")
    func missingEnd() {
        let (full, overview) = Self.errors(Self.cut(before: "</HealthData>"))
        #expect(full?.contains("export.xml:13:11:") == true, "\(full ?? "")")
        #expect(full?.hasSuffix("error: the export ends before `</HealthData>` (truncated?)") == true, "\(full ?? "")")
        #expect(overview == full)
    }

    @Test("An export cut inside a tag says so")
    func insideTag() {
        let (full, overview) = Self.errors(Self.cut(before: "key=\"HKWasUserEntered\"", offset: 5))
        #expect(
            full?.hasSuffix("error: the export ends inside a tag, before `</HealthData>` (truncated?)") == true,
            "\(full ?? "")")
        #expect(full?.contains("export.xml:12:") == true, "\(full ?? "")")
        #expect(overview == full)
    }

    @Test("A file with no HealthData element is not an export, and says where it looked")
    func notAnExport() {
        let (full, _) = Self.errors("<?xml version=\"1.0\"?>\n<!-- nothing here -->\n")
        #expect(
            full
                == "export.zip:apple_health_export/export.xml:3:1: error: not a Health export: no `<HealthData>` element"
        )
    }

    @Test("Malformed XML in the middle keeps libxml2's words, on one line, with line and column")
    func malformedMiddle() {
        let text = Self.whole.replacingOccurrences(of: "</Record>", with: "</Recrd>")
        let (full, overview) = Self.errors(text)
        let message = full ?? ""
        #expect(message.hasPrefix("export.zip:apple_health_export/export.xml:13:"), "\(message)")
        #expect(message.contains("error: Opening and ending tag mismatch"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(overview == full)
    }
}
