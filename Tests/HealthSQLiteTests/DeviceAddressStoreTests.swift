import Foundation
import GRDB
import HealthFixtures
import Testing

@testable import HealthSQLite

/// A device description's memory address changes from record to record and from export to
/// export: it changes neither a record's UUID nor what the store holds of its device.
@Suite struct DeviceAddressStoreTests {
    static let watchJSON =
        #"{"name":"Apple Watch","manufacturer":"Apple Inc.","model":"Watch","hardware":"Watch6,1","software":"9.1","creation date":"2022-11-02 07:12:08 +0000"}"#
    static let phoneJSON =
        #"{"name":"iPhone","manufacturer":"Apple Inc.","model":"iPhone","hardware":"iPhone14,2","software":"16.1"}"#

    /// Heart rates from the Watch with steps from the iPhone between them, every device
    /// description with the address `address(index)` (nine hex digits, so sizes match).
    static func export(address: (Int) -> String) -> String {
        var lines: [String] = []
        for index in 0..<40 {
            let time = "2022-11-05 08:\(index < 10 ? "0" : "")\(index):00 +0100"
            let dates = "creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\""
            let watch =
                "&lt;&lt;HKDevice: \(address(index))&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1, creation date:2022-11-02 07:12:08 +0000&gt;"
            let phone =
                "&lt;&lt;HKDevice: \(address(1000 + index))&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.1&gt;"
            lines.append(
                " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Anna’s Apple Watch\" sourceVersion=\"9.1\" device=\"\(watch)\" unit=\"count/min\" \(dates) value=\"\(60 + index)\"/>"
            )
            if index % 4 == 0 {
                lines.append(
                    " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Anna’s iPhone\" sourceVersion=\"16.1\" device=\"\(phone)\" unit=\"count\" \(dates) value=\"\(10 + index)\"/>"
                )
            }
        }
        return minimalExport(lines.joined(separator: "\n"), exportDate: "2022-11-06 09:00:00 +0100")
    }

    /// A fresh address for every description, as iOS 11 to 16 wrote them.
    static let fresh = export { String(format: "0x%09x", 0x2_8000_0000 + $0 * 0x1_3570) }
    /// One address for all, as the benchmark generator's default shape writes them.
    static let repeated = export { _ in "0x2835c1a40" }

    /// The store's tables without the export's own rows (its file signature differs).
    func records(_ database: String) throws -> [String: [String]] {
        try dumpTables(database).filter { $0.key != "exports" }
    }

    @Test("Fresh and repeated addresses give the same UUIDs and the same stored device text")
    func sameRows() throws {
        let folder = TemporaryFolder()
        let freshPath = folder.path + "/fresh.xml"
        let repeatedPath = folder.path + "/repeated.xml"
        try Self.fresh.write(toFile: freshPath, atomically: true, encoding: .utf8)
        try Self.repeated.write(toFile: repeatedPath, atomically: true, encoding: .utf8)
        let freshStore = folder.path + "/fresh.sqlite"
        let repeatedStore = folder.path + "/repeated.sqlite"
        let first = try importFile(freshPath, into: freshStore, window: .all, windowGiven: true)
        try importFile(repeatedPath, into: repeatedStore, window: .all, windowGiven: true)
        #expect(first.total.new == 51)  // 40 heart rates, 10 step counts and the export's row
        let fresh = try records(freshStore)
        #expect(!(fresh["quantity_sample_rows"] ?? []).isEmpty)
        #expect(fresh == (try records(repeatedStore)))

        let queue = try DatabaseQueue(path: freshStore, configuration: .patient)
        let devices = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT device FROM quantity_samples ORDER BY start_unix, type")
        }
        #expect(devices.count == 50)
        #expect(Set(devices) == [Self.watchJSON, Self.phoneJSON])
        #expect(try rowCount(freshStore, "devices") == 2)

        // The other export's addresses name records the store already holds.
        let again = try importFile(repeatedPath, into: freshStore, window: .all, windowGiven: true)
        #expect(again.total.new == 0)
        #expect(again.total.alreadyImported == 51)
        #expect(try records(freshStore) == fresh)
    }
}
