import Testing

@testable import HealthRedact

@Suite struct PseudonymTests {
    let names = Pseudonyms(shift: DateShift(days: -7), hash: KeyedHash(key: Array("test key".utf8)))

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private func with<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        Array(text.utf8).withUnsafeBytes(body)
    }

    @Test("the same source name gets the same number, in order of first appearance")
    func sourceNumbers() {
        #expect(text(with("Jo’s Apple Watch") { names.source($0) }) == "Source 1")
        #expect(text(with("Jo’s iPhone") { names.source($0) }) == "Source 2")
        #expect(text(with("Jo’s Apple Watch") { names.source($0) }) == "Source 1")
        #expect(with("Health Mate App Version") { names.replacingSources(in: $0) } == nil)
        _ = with("Health Mate") { names.source($0) }
        #expect(
            text(with("Health Mate App Version") { names.replacingSources(in: $0) } ?? []) == "Source 3 App Version")
        #expect(
            text(with("Health_Mate_App_Version") { names.replacingSources(in: $0) } ?? []) == "Source_3_App_Version")
    }

    @Test("a device becomes its model: no name, no address, no identifier, its creation date shifted")
    func device() {
        let raw =
            "&lt;&lt;HKDevice: 0xb1c26a38e7a&gt;, name:Jo’s Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,5, software:26.1, localIdentifier:ABC-123, creation date:2025-11-04 02:17:33 +0000&gt;"
        #expect(
            text(with(raw) { names.device($0) })
                == "&lt;&lt;HKDevice: 0x000000000&gt;, name:Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,5, software:26.1, creation date:2025-10-28 02:17:33 +0000&gt;"
        )
        let blanked =
            "        HKDevice: 0x283a1c0f0    , name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3    "
        #expect(
            text(with(blanked) { names.device($0) })
                == "&lt;&lt;HKDevice: 0x000000000&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3&gt;"
        )
    }

    @Test("identifiers become keyed hashes: equal stays equal, a UUID stays UUID-shaped")
    func keyedHashes() {
        let uuid = "1B17A065-4C4B-4F7A-9E0E-6B0C7E1C2D3F"
        let first = text(with(uuid) { names.hash.replacement(for: $0) })
        #expect(first == text(with(uuid) { names.hash.replacement(for: $0) }))
        #expect(first != uuid)
        #expect(first.count == 36 && first.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(first == first.uppercased())
        let other = text(with("3:1B17A065-4C4B:613580458.67789:89") { names.hash.replacement(for: $0) })
        #expect(other.count == 16)
        let secondRun = KeyedHash(key: Array("another key".utf8))
        #expect(text(with(uuid) { secondRun.replacement(for: $0) }) != first)
    }

    @Test("metadata values are kept only when their shape holds nothing personal")
    func metadataRule() {
        func verdict(_ key: String, _ value: String) -> ValueRules.Verdict {
            with(key) { key in with(value) { ValueRules.verdict(key: key, value: $0) } }
        }
        #expect(verdict("HKExternalUUID", "4837261") == .hash)
        #expect(verdict("HKMetadataKeySyncIdentifier", "3:ABC:1:2") == .hash)
        #expect(verdict("Withings User Identifier", "12345") == .hash)
        #expect(verdict("Withings Link", "withings-bd2://timeline") == .hash)
        #expect(verdict("SnoozeLog Notes", "late coffee") == .hash)
        #expect(verdict("HKMetadataKeySyncVersion", "2") == .keep)
        #expect(verdict("HKAverageMETs", "9.66668 kcal/hr·kg") == .keep)
        #expect(verdict("HKWeatherHumidity", "9400 %") == .keep)
        #expect(verdict("HKTimeZone", "America/Argentina/Buenos_Aires") == .keep)
        #expect(verdict("HKWeatherCondition", "HKWeatherConditionClear") == .keep)
        #expect(verdict("Modified Date", "2015-06-16 07:19:16 +0000") == .shiftDates)
        // Identifying words in any case, and `ID`, `Id` or `_id` last, with or without letters beyond ASCII.
        for key in [
            "PHONE", "Device Serial", "Über User_ID", "DeviceID", "Withings userId", "Geräte-Token", "trainer_Id",
        ] {
            #expect(verdict(key, "4") == .hash, "\(key)")
        }
        for key in ["Übungsdauer", "Identity", "Idle", "Paid"] {
            #expect(verdict(key, "4") == .keep, "\(key)")
        }
        // Units of measure, not words after a number; time zones the database knows; HealthKit's own constants.
        for (key, value) in [
            ("HKAverageMETs", "9.9 kcal/hr-kg"), ("HKLapLength", "25 m"), ("HKElevationAscended", "1200 cm"),
            ("Glucose", "5.5 mmol<180.15588000005408>/L"), ("Speed", "3.2 km/hr"), ("HRV", "48 ms"),
            ("HKWeatherTemperature", "47.6418 degF"), ("Dose", "2 IU"), ("Original Units", "mg/dL"),
            ("Glucose", "5.5 mmol&lt;180.15588000005408&gt;/L"), ("HKTimeZone", "CET"), ("Zone", "GMT+01:00"),
            ("Flat", "2"), ("HKSwimmingLocationType", "2"), ("HKAverageMETs", "0.883333"),
        ] {
            #expect(verdict(key, value) == .keep, "\(value)")
        }
        for (key, value) in [
            ("Address", "5 Zebulon"), ("Note", "12 Oak"), ("Flat", "221B"), ("Route", "Zebulon/Quackenbush"),
            ("HKTimeZone", "America/Zebulon"), ("Kind", "HKZebulonQuackenbush"), ("Caller", "+13125550199"),
            ("StartDateLocal", "20200310193450"), ("Logged", "1762779600"), ("Day", "10/01/2025"),
            ("Start", "41.878113,-87.629799"), ("Latitude", "41.878113"), ("Start Longitude", "-87.629799"),
            ("ZIP", "60601"), ("Home city", "4"), ("Day", "01.10.2025"), ("Day", "10.3.2020"), ("Day", "2020.03.10"),
            ("Logged", "1583868890.5"), ("Logged", "1.58386889E9"), ("Logged", "613580458.67789"),
            ("lng", "-87.629799"), ("lat", "41.87"), ("HKMetadataKeyWeatherLatitude", "41.87"),
            ("Host", "192.168.1.23"),
            ("Health Mate App Version", "4.12.1"), ("Initial", "K"), ("Note", "Oakland"),
        ] {
            #expect(verdict(key, value) == .hash, "\(key) \(value)")
        }
        #expect(verdict("HKSwimmingLocationType", "1") == .keep)
        #expect(verdict("Kind", "HKWorkoutSwimmingLocationTypePool") == .keep)
        #expect(verdict("Fasted", "YES") == .keep)
        #expect(verdict("Fasted", "False") == .keep)
        #expect(verdict("Fasted", "maybe") == .hash)
    }
}
