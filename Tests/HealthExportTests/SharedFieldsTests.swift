import HealthExport
import Testing

/// `SampleHeader` and `Device` keep their fields in a shared box: copies must still behave as values.
@Suite struct SharedFieldsTests {
    let watch = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardware: "Watch6,1", software: "10.1",
        other: [MetadataEntry(key: "firmware", value: "1.2")])

    func header(device: Device?) -> SampleHeader {
        SampleHeader(
            type: "HKQuantityTypeIdentifierHeartRate", sourceName: "Anna’s Watch", sourceVersion: "10.1",
            device: device, creationDate: ExportTimestamp(secondsSince1970: 100, offsetMinutes: 60),
            startDate: ExportTimestamp(secondsSince1970: 40, offsetMinutes: 60),
            endDate: ExportTimestamp(secondsSince1970: 50, offsetMinutes: 60))
    }

    @Test("Changing a copy of a header leaves the original as it was, field by field")
    func headerCopies() {
        let original = header(device: watch)
        var copy = original
        #expect(copy == original)
        copy.type = "HKQuantityTypeIdentifierStepCount"
        copy.sourceName = "iPhone"
        copy.sourceVersion = nil
        copy.device = nil
        copy.creationDate = nil
        copy.startDate = ExportTimestamp(secondsSince1970: 0, offsetMinutes: 0)
        copy.endDate = ExportTimestamp(secondsSince1970: 1, offsetMinutes: 0)
        #expect(original.type == "HKQuantityTypeIdentifierHeartRate")
        #expect(original.sourceName == "Anna’s Watch")
        #expect(original.sourceVersion == "10.1")
        #expect(original.device == watch)
        #expect(original.creationDate == ExportTimestamp(secondsSince1970: 100, offsetMinutes: 60))
        #expect(original.startDate == ExportTimestamp(secondsSince1970: 40, offsetMinutes: 60))
        #expect(original.endDate == ExportTimestamp(secondsSince1970: 50, offsetMinutes: 60))
        #expect(copy.type == "HKQuantityTypeIdentifierStepCount")
        #expect(copy.device == nil)
        #expect(copy != original)
    }

    @Test("Headers built apart compare by their fields")
    func headerEquality() {
        #expect(header(device: watch) == header(device: watch))
        #expect(header(device: watch) != header(device: nil))
        var other = header(device: watch)
        other.endDate = ExportTimestamp(secondsSince1970: 51, offsetMinutes: 60)
        #expect(other != header(device: watch))
    }

    @Test("Changing a copy of a device leaves the original as it was; equal devices hash alike")
    func deviceCopies() {
        var copy = watch
        copy.other.append(MetadataEntry(key: "localIdentifier", value: "A1"))
        copy.software = "11.0"
        #expect(watch.other == [MetadataEntry(key: "firmware", value: "1.2")])
        #expect(watch.software == "10.1")
        #expect(copy.other.count == 2)
        #expect(copy != watch)
        let rebuilt = Device(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardware: "Watch6,1", software: "10.1",
            other: [MetadataEntry(key: "firmware", value: "1.2")])
        #expect(rebuilt == watch)
        #expect(rebuilt.hashValue == watch.hashValue)
        #expect(Set([rebuilt, watch, copy]).count == 2)
    }
}
