import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct ExportRepairTests {
    func repaired(_ text: String, chunk: Int, bufferSize: Int = 256) throws -> (String, ExportRepair) {
        let repair = ExportRepair(MemorySource(text, chunk: chunk))
        let out = try repair.readAll(bufferSize: bufferSize)
        return (String(decoding: out, as: UTF8.self), repair)
    }

    @Test("The internal DTD is blanked but keeps its newlines, and the version is read from it")
    func dtdBlanked() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 12 -->\n<!ATTLIST broken\n>\n]>\n<HealthData locale=\"en\"/>\n"
        let (out, repair) = try repaired(text, chunk: 7)
        #expect(out.count == text.count)
        #expect(
            out.split(separator: "\n", omittingEmptySubsequences: false).count
                == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(!out.contains("ATTLIST"))
        #expect(out.contains("<HealthData locale=\"en\"/>"))
        #expect(repair.exportVersion == 12)
        #expect(!repair.legacyAttributeRepair)
    }

    @Test("Control characters XML forbids become spaces", arguments: [1, 3, 64])
    func controlCharacters(chunk: Int) throws {
        let text = "<!DOCTYPE HealthData [\n]>\n<HealthData><Record value=\"a\u{0B}b\u{0C}c\"/>\t\r\n</HealthData>"
        let (out, repair) = try repaired(text, chunk: chunk)
        #expect(out.contains("value=\"a b c\""))
        #expect(out.contains("\t\r\n"))
        #expect(repair.replacedControlCharacters == 2)
    }

    @Test(
        "Without a DTD, spaces inside attribute names become underscores, across any chunk boundary",
        arguments: [1, 2, 5, 13, 4096])
    func legacyAttributeNames(chunk: Int) throws {
        let text =
            "<HealthData>\n <Record type=\"x\"  Health Mate App Version=\"2.6.2\" value = \"1\" Sleep  Stage='deep'/>\n</HealthData>\n"
        let (out, repair) = try repaired(text, chunk: chunk)
        #expect(repair.legacyAttributeRepair)
        #expect(out.contains("Health_Mate_App_Version=\"2.6.2\""))
        #expect(out.contains("value = \"1\""))
        #expect(out.contains("Sleep__Stage='deep'"))
        #expect(out.count == text.count)
    }

    @Test(
        "Without a DTD, names with spaces among plain attributes are mended wherever chunks end",
        arguments: [(1, 256), (3, 256), (11, 256), (4096, 256), (4096, 1 << 16)])
    func legacyNamesAmongPlainAttributes(chunk: Int, bufferSize: Int) throws {
        let plain = #"type="HKQuantityTypeIdentifierStepCount" sourceName='Anna "A" Smith' unit="count""#
        let line = #" <Record \#(plain) Health Mate App Version="2.6.2" a="1"b='2' c = "3" Sleep  Stage="x"/>"#
        let mended = #" <Record \#(plain) Health_Mate_App_Version="2.6.2" a="1"b='2' c = "3" Sleep__Stage="x"/>"#
        let text = "<HealthData>\n" + String(repeating: line + "\n", count: 30) + "</HealthData>\n"
        let (out, repair) = try repaired(text, chunk: chunk, bufferSize: bufferSize)
        #expect(repair.legacyAttributeRepair)
        #expect(out == "<HealthData>\n" + String(repeating: mended + "\n", count: 30) + "</HealthData>\n")
    }

    @Test(
        "Without a DTD, device descriptions lose their entities as with one, the first records' too",
        arguments: [1, 7, 64, 4096])
    func legacyDeviceEntities(chunk: Int) throws {
        let records = String(repeating: DeviceEntitiesTests.line, count: 40)
        let text = "<HealthData>\n" + records + "</HealthData>\n"
        // The reader's buffer, as large as the export here, holds every description whole but
        // one cut by the end of the prolog's read (`chunk` bytes past the root's start tag).
        let (out, repair) = try repaired(text, chunk: chunk, bufferSize: 1 << 16)
        #expect(repair.legacyAttributeRepair)
        #expect(out.count == text.count)
        let spaced = "device=\"        HKDevice: 0x283a1c0f0    , name:Apple Watch"
        let rewritten = out.components(separatedBy: spaced).count - 1
        #expect(rewritten >= 39)
        #expect(out.components(separatedBy: "sourceName=\"A &amp; B\"").count == 41)
    }

    @Test("Attribute values and comments are left alone by the attribute repair")
    func valuesUntouched() throws {
        let text = "<HealthData>\n<!-- a b = c -->\n<Record name=\"a b c\" other='x y'/>\n</HealthData>\n"
        let (out, _) = try repaired(text, chunk: 3)
        #expect(out == text)
    }

    @Test("An empty file is not an export")
    func emptyFile() {
        #expect(throws: ExportError.self) { try repaired("", chunk: 10) }
    }
}

@Suite struct DeviceEntitiesTests {
    static let line =
        "<Record device=\"&lt;&lt;HKDevice: 0x283a1c0f0&gt;, name:Apple Watch, hardware:Watch6,1, software:10.1&gt;\" sourceName=\"A &amp; B\"/>\n"

    func rewritten(_ text: String) -> String {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { DeviceEntities.rewrite($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("Entities in device descriptions become spaces of the same length; other values keep theirs")
    func rewrite() {
        let out = rewritten(Self.line)
        #expect(out.count == Self.line.count)
        #expect(out.contains("device=\"        HKDevice: 0x283a1c0f0    , name:Apple Watch"))
        #expect(out.contains("software:10.1    \""))
        #expect(out.contains("sourceName=\"A &amp; B\""))
    }

    @Test("Every description of a chunk is rewritten; other entities in one stay, and so does a cut entity")
    func severalValues() {
        let other =
            "<Record device=\"&lt;&lt;HKDevice: 0x1&gt;, name:A &amp; B, software:9&gt;\" value=\"&lt;\"/>\n"
        let out = rewritten(Self.line + other + "<Record device=\"&lt;&lt;HKDevice: 0x2&gt;&l")
        #expect(out.contains("device=\"        HKDevice: 0x283a1c0f0    , name:Apple Watch"))
        #expect(out.contains("device=\"        HKDevice: 0x1    , name:A &amp; B, software:9    \" value=\"&lt;\""))
        #expect(out.hasSuffix("device=\"&lt;&lt;HKDevice: 0x2&gt;&l"))
    }

    @Test("A description cut by the end of a chunk is left whole")
    func cutValue() {
        let cut = String(Self.line.prefix(60))
        #expect(rewritten(cut) == cut)
    }

    @Test("Both forms of a description parse to the same device")
    func bothForms() {
        func device(_ text: String) -> Device {
            var text = text
            return text.withUTF8 {
                DeviceParser.parse(
                    String(decoding: DeviceParser.stableBytes(UnsafeRawBufferPointer($0)), as: UTF8.self))
            }
        }
        let original = device("<<HKDevice: 0x283a1c0f0>, name:Apple Watch, hardware:Watch6,1, software:10.1>")
        let spaced = device("        HKDevice: 0x283a1c0f0    , name:Apple Watch, hardware:Watch6,1, software:10.1    ")
        #expect(original == spaced)
        #expect(spaced.hardware == "Watch6,1")
        #expect(spaced.software == "10.1")
    }
}
