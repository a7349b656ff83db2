import HealthFixtures
import Testing

@testable import HealthExport

/// iOS 11 to 16 wrote a fresh `HKDevice` memory address on nearly every record: the address is
/// no part of the device, and the parse caches devices by the description without it.
@Suite struct DeviceAddressTests {
    static func watch(_ address: String, software: String = "9.1") -> String {
        "&lt;&lt;HKDevice: \(address)&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:\(software), creation date:2022-11-02 07:12:08 +0000&gt;"
    }

    static let phone =
        "&lt;&lt;HKDevice: 0x2835c1a40&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.1&gt;"

    static func record(minute: Int, device: String) -> String {
        let time = "2022-11-05 08:\(minute < 10 ? "0" : "")\(minute):00 +0100"
        return
            " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Anna’s Apple Watch\" sourceVersion=\"9.1\" device=\"\(device)\" unit=\"count/min\" creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"72\"/>"
    }

    /// The devices of `body`'s records.
    func devices(_ body: String) throws -> [Device] {
        try readAll(export(body)).records.compactMap { $0.quantity?.header.device }
    }

    @Test("Descriptions that differ only in the address give one parsed device, next to each other and apart")
    func oneParsedDevice() throws {
        let body = [
            Self.record(minute: 0, device: Self.watch("0x283a1c0f0")),
            Self.record(minute: 1, device: Self.watch("0x2835c1a40")),
            Self.record(minute: 2, device: Self.phone),
            Self.record(minute: 3, device: Self.watch("0x600002b1c")),
            Self.record(minute: 4, device: Self.watch("0x1c4103a20")),
        ].joined(separator: "\n")
        let devices = try devices(body)
        try #require(devices.count == 5)
        // The same cached entry: the last device's, and the one found again after another device.
        #expect(devices[1].sharesFields(with: devices[0]))
        #expect(devices[3].sharesFields(with: devices[0]))
        #expect(devices[4].sharesFields(with: devices[0]))
        #expect(!devices[2].sharesFields(with: devices[0]))
        #expect(devices[0].name == "Apple Watch")
        #expect(devices[0].hardware == "Watch6,1")
        #expect(devices[0].software == "9.1")
        #expect(devices[0].other == [MetadataEntry(key: "creation date", value: "2022-11-02 07:12:08 +0000")])
        #expect(devices[2].hardware == "iPhone14,2")
    }

    @Test("A description that differs past the address is another device, even next to the last one")
    func otherFieldsAreAnotherDevice() throws {
        let newer = Self.watch("0x283a1c0f0", software: "9.2")
        let body = [
            Self.record(minute: 0, device: Self.watch("0x283a1c0f0")),
            Self.record(minute: 1, device: newer),
            Self.record(minute: 2, device: Self.watch("0x283a1c0f0")),
        ].joined(separator: "\n")
        let devices = try devices(body)
        try #require(devices.count == 3)
        #expect(devices[1].software == "9.2")
        #expect(devices[1] != devices[0])
        #expect(devices[2].sharesFields(with: devices[0]))
    }
}
