import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct DeviceParserTests {
    @Test("An HKDevice description splits into fields, keeping commas inside values")
    func appleWatch() {
        let device = DeviceParser.parse(
            "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>")
        #expect(device.name == "Apple Watch")
        #expect(device.manufacturer == "Apple Inc.")
        #expect(device.model == "Watch")
        #expect(device.hardware == "Watch6,1")
        #expect(device.software == "10.1")
    }

    @Test("The volatile memory address is not part of the cache key")
    func addressIsDropped() {
        func stable(_ text: String) -> String {
            var text = text
            return text.withUTF8 {
                String(decoding: DeviceParser.stableBytes(UnsafeRawBufferPointer($0)), as: UTF8.self)
            }
        }
        #expect(stable("<<HKDevice: 0x283a1c0f0>, name:iPhone, software:17.1>") == "name:iPhone, software:17.1>")
        #expect(stable("<<HKDevice: 0x600001ab2>, name:iPhone, software:17.1>") == "name:iPhone, software:17.1>")
    }

    @Test("Unknown keys, even with spaces, are kept in order")
    func otherFields() {
        let device = DeviceParser.parse(
            "name:Scale, software:2.1, creation date:2025-11-04 02:17:33 +0000, localIdentifier:ABC>")
        #expect(device.software == "2.1")
        #expect(
            device.other == [
                MetadataEntry(key: "creation date", value: "2025-11-04 02:17:33 +0000"),
                MetadataEntry(key: "localIdentifier", value: "ABC"),
            ])
    }
}
