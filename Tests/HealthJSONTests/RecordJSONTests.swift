import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import HealthJSON
import Testing

@Suite struct RecordJSONTests {
    func lines(_ xml: String) throws -> [String] {
        var encoder = RecordJSON()
        var buffer = JSONBuffer()
        for record in try stream(xml).records { encoder.write(record, to: &buffer) }
        return buffer.text.split(separator: "\n").map(String.init)
    }

    @Test("Each line starts with kind, type, uuid, start and end, and parses as JSON")
    func commonKeys() throws {
        let output = try lines(
            minimalExport(
                """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Anna’s \\"Scale\\"" unit="lb" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="154.8"/>
                """.replacingOccurrences(of: "\\\"", with: "&quot;")))
        #expect(output.count == 2)
        let line = output[1]
        #expect(line.hasPrefix("{\"kind\":\"weight\",\"type\":\"HKQuantityTypeIdentifierBodyMass\",\"uuid\":\""))
        #expect(line.contains("\"start\":\"2024-05-30T08:00:00+02:00\",\"end\":\"2024-05-30T08:00:00+02:00\""))
        #expect(line.contains("\"sourceName\":\"Anna’s \\\"Scale\\\"\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(abs((object["kilograms"] as? Double ?? 0) - 70.2161) < 1e-4)
        #expect(object["unit"] as? String == "lb")
        #expect(object["value"] as? Double == 154.8)
    }

    @Test("The same export gives the same bytes every time")
    func deterministic() throws {
        let path = repositoryRoot + "/SampleExports/v14-2025/export.xml"
        func run() throws -> [UInt8] {
            var encoder = RecordJSON()
            var buffer = JSONBuffer()
            let stream = RecordStream(reader: try ExportReader(path: path), policy: WindowPolicy(window: .all))
            _ = try stream.run { encoder.write($0, to: &buffer) }
            return Array(buffer.bytes)
        }
        let first = try run()
        #expect(first.count > 10_000)
        #expect(try run() == first)
    }

    @Test("Every line of every sample export is valid JSON with the common keys")
    func allSamplesParse() throws {
        let folder = repositoryRoot + "/SampleExports"
        let exports = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/export.xml") }
        #expect(exports.count >= 6)
        for name in exports {
            var encoder = RecordJSON()
            var buffer = JSONBuffer()
            let stream = RecordStream(
                reader: try ExportReader(path: folder + "/" + name + "/export.xml"), policy: WindowPolicy(window: .all))
            _ = try stream.run { encoder.write($0, to: &buffer) }
            for line in buffer.text.split(separator: "\n") {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(name): \(line)")
                for key in ["kind", "type", "uuid"] { #expect(object[key] is String, "\(name): \(key) in \(line)") }
                #expect(object["start"] is String, "\(name): start in \(line)")
            }
        }
    }

    @Test("Control characters and quotes are escaped; beats carry fractional seconds")
    func escaping() throws {
        let output = try lines(
            minimalExport(
                """
                 <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="a&#9;b" unit="ms" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:01:00 +0200" value="41">
                  <HeartRateVariabilityMetadataList>
                   <InstantaneousBeatsPerMinute bpm="62" time="8:00:01.25 AM"/>
                  </HeartRateVariabilityMetadataList>
                 </Record>
                """))
        #expect(output[1].contains("\"sourceName\":\"a\\tb\""))
        #expect(
            output[1].contains(
                "\"beats\":[{\"bpm\":62,\"time\":\"2024-05-30T08:00:01.250+02:00\",\"written\":\"8:00:01.25 AM\"}]"))
    }
}

@Suite struct TypeSelectionTests {
    @Test("Friendly names, short names, identifiers and kinds select the right types")
    func names() throws {
        let weight = try TypeSelection(["weight"])
        #expect(weight.selects(kind: .weight, type: "HKQuantityTypeIdentifierBodyMass"))
        #expect(!weight.selects(kind: .quantity, type: "HKQuantityTypeIdentifierHeartRate"))
        let short = try TypeSelection(["heartrate"])
        #expect(short.selects(kind: .quantity, type: "HKQuantityTypeIdentifierHeartRate"))
        #expect(!short.selects(kind: .quantity, type: "HKQuantityTypeIdentifierRestingHeartRate"))
        let workouts = try TypeSelection(["workouts"])
        #expect(workouts.selects(kind: .workout, type: "HKWorkoutActivityTypeRunning"))
        let running = try TypeSelection(["Running"])
        #expect(running.selects(kind: .workout, type: "HKWorkoutActivityTypeRunning"))
        #expect(!running.selects(kind: .workout, type: "HKWorkoutActivityTypeCycling"))
        #expect(TypeSelection.everything.selects(kind: .route, type: "HKWorkoutRoute"))
    }

    @Test("An unknown name is refused with the list of friendly names")
    func unknown() {
        let error = #expect(throws: SelectionError.self) { try TypeSelection(["weight loss"]) }
        #expect(error?.description.contains("heart-rate") == true)
    }
}

@Suite struct JSONStringTests {
    @Test(
        "Strings round-trip through a JSON parser, whatever the position of the characters to escape",
        arguments: ["\"", "\\", "\n", "\u{01}", "é", "’"])
    func escapesAnywhere(special: String) throws {
        for length in 0..<24 {
            for position in 0...length {
                var text = String(repeating: "a", count: length)
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                var buffer = JSONBuffer()
                buffer.beginArray()
                buffer.string(text)
                buffer.endArray()
                let parsed = try JSONSerialization.jsonObject(with: Data(buffer.text.utf8)) as? [String]
                #expect(parsed == [text], "\(buffer.text)")
            }
        }
    }
}

@Suite struct DeviceJSONTests {
    func text(_ devices: [Device]) -> String {
        var buffer = JSONBuffer()
        buffer.beginArray()
        for device in devices { buffer.object(device) }
        buffer.endArray()
        return buffer.text
    }

    @Test("A device written again, equal or changed, gives the bytes a fresh buffer gives")
    func repeatedDevices() {
        let watch = Device(name: "Apple Watch", manufacturer: "Apple Inc.", hardware: "Watch6,1")
        var newer = watch
        newer.software = "11.0"
        let phone = Device(name: "iPhone", other: [MetadataEntry(key: "firmware", value: "\"1\"")])
        let sequence = [watch, watch, phone, watch, newer, newer, watch]
        let expected =
            "[" + sequence.map { text([$0]).dropFirst().dropLast() }.joined(separator: ",") + "]"
        #expect(text(sequence) == expected)
        #expect(
            text([watch, newer])
                == #"[{"name":"Apple Watch","manufacturer":"Apple Inc.","hardware":"Watch6,1"},"#
                + #"{"name":"Apple Watch","manufacturer":"Apple Inc.","hardware":"Watch6,1","software":"11.0"}]"#)
    }
}

@Suite struct FieldRunJSONTests {
    @Test("Records that repeat, or change, their kind, type, source or device give the bytes of a fresh buffer")
    func repeatedFields() throws {
        let watch = "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., hardware:Watch6,1&gt;"
        let newer = "&lt;&lt;HKDevice: 0x2&gt;, name:Apple Watch, manufacturer:Apple Inc., hardware:Watch7,1&gt;"
        func record(_ type: String, source: String, version: String?, device: String?, value: String = "1") -> String {
            let version = version.map { " sourceVersion=\"\($0)\"" } ?? ""
            let device = device.map { " device=\"\($0)\"" } ?? ""
            return """
                 <Record type="\(type)" sourceName="\(source)"\(version)\(device) unit="count" \
                creationDate="2024-05-30 08:00:00 +0200" startDate="2024-05-30 08:00:00 +0200" \
                endDate="2024-05-30 08:01:00 +0200" value="\(value)"/>
                """
        }
        let steps = "HKQuantityTypeIdentifierStepCount"
        let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
        let xml = minimalExport(
            [
                record(steps, source: "Watch", version: "10.1", device: watch),
                record(steps, source: "Watch", version: "10.1", device: watch, value: "2"),
                record(steps, source: "Watch", version: "10.2", device: watch),
                record(steps, source: "Watch", version: "10.2", device: newer),
                record(steps, source: "Watch", version: "10.2", device: nil),
                record(steps, source: "Watch", version: nil, device: nil),
                record(steps, source: "Phone &quot;2&quot;", version: nil, device: nil),
                record(
                    "HKQuantityTypeIdentifierFlightsClimbed", source: "Phone &quot;2&quot;", version: nil, device: nil),
                record(
                    sleep, source: "Watch", version: "10.1", device: watch,
                    value: "HKCategoryValueSleepAnalysisAsleepCore"),
                record(steps, source: "Watch", version: "10.1", device: watch),
            ].joined(separator: "\n"))
        let records = try stream(xml).records
        #expect(records.count == 11)
        var encoder = RecordJSON()
        var together = JSONBuffer()
        var apart: [UInt8] = []
        for record in records {
            encoder.write(record, to: &together)
            var fresh = JSONBuffer()
            var freshEncoder = RecordJSON()
            freshEncoder.write(record, to: &fresh)
            apart += fresh.bytes
        }
        #expect(String(decoding: together.bytes, as: UTF8.self) == String(decoding: apart, as: UTF8.self))
        let lines = together.text.split(separator: "\n")
        #expect(lines[4].contains(#""sourceName":"Watch","sourceVersion":"10.2","device":{"#))
        #expect(lines[5].contains(#""sourceName":"Watch","sourceVersion":"10.2","created""#))
        #expect(lines[6].contains(#""sourceName":"Watch","created""#))
        #expect(lines[7].contains(#""sourceName":"Phone \"2\"","created""#))
        #expect(lines[8].hasPrefix(#"{"kind":"quantity","type":"HKQuantityTypeIdentifierFlightsClimbed","#))
        #expect(lines[9].hasPrefix(#"{"kind":"category","type":"HKCategoryTypeIdentifierSleepAnalysis","#))
    }
}
