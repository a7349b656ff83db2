#if PostgreSQL
import Foundation
import HealthCore
import HealthFixtures
import HealthPostgres
import Testing

@Suite("Rows reach PostgreSQL exactly", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresCopyTests {
    let contract = StoreContract(backend: .postgres)

    /// A step count and a heart rate sample whose source, device, metadata and values hold every
    /// byte the load escapes (tab, newline, carriage return, backslash), non-ASCII text and
    /// numbers at the edges of what a double holds.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-01 10:00:00 +0200"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo\\Back&#9;Tab" sourceVersion="1&#10;2" \
        unit="count" creationDate="2024-05-30 10:10:00 +0200" startDate="2024-05-30 10:00:00 +0200" \
        endDate="2024-05-30 10:01:00 +0200" value="123456789012345678">
          <MetadataEntry key="note" value="a&#9;b\\c&#10;d&#13;e \\N ünïcødé 🫀"/>
          <MetadataEntry key="\\N" value=""/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" \
        device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple\\Watch, manufacturer:Apple Inc.&gt;" unit="count/min" \
        creationDate="2024-05-30 11:10:00 +0200" startDate="2024-05-30 11:00:00 +0200" \
        endDate="2024-05-30 11:00:00 +0200" value="1.0000000000000002e-300"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" \
        creationDate="2024-05-30 12:10:00 +0200" startDate="2024-05-30 12:00:00 +0200" \
        endDate="2024-05-30 12:00:00 +0200" value="0.1"/>
        </HealthData>
        """

    @Test("Tabs, newlines, backslashes, non-ASCII text and extreme numbers come back as written")
    func exactRows() async throws {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("copy"))
        let result = try contract.importXML(Self.export, into: store, window: .all, windowGiven: true)
        #expect(result.report?.total.new == 4)
        var text: [String] = []
        try await store.streamRecords(selection: .everything, since: nil) { text.append($0) }
        let lines = try text.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.count == 3)
        let steps = try #require(lines.first { $0["type"] as? String == "HKQuantityTypeIdentifierStepCount" })
        #expect(steps["sourceName"] as? String == "Jo\\Back\tTab")
        #expect(steps["sourceVersion"] as? String == "1\n2")
        #expect((steps["value"] as? NSNumber)?.doubleValue == 123_456_789_012_345_678.0)
        let metadata = try #require(steps["metadata"] as? [String: String])
        #expect(metadata == ["note": "a\tb\\c\nd\re \\N ünïcødé 🫀", "\\N": ""])
        let rates = lines.filter { $0["type"] as? String == "HKQuantityTypeIdentifierHeartRate" }
        #expect(Set(rates.compactMap { ($0["value"] as? NSNumber)?.doubleValue }) == [1.0000000000000002e-300, 0.1])
        let device = try #require(rates.compactMap { $0["device"] as? [String: Any] }.first)
        #expect(device["name"] as? String == "Apple\\Watch")
    }

    /// Heart rates of two sources a day, each source's day sorted, so that every load after the
    /// first goes back in time over rows already written; and two records repeated a load or more
    /// after their first appearance.
    static func interleavedDays() -> (xml: String, distinct: Int) {
        var records: [String] = []
        func rate(_ source: String, day: Int, hour: Int, minute: Int, value: Int) -> String {
            let time = String(format: "2024-05-%02d %02d:%02d:00 +0200", day, hour, minute)
            return """
                <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="\(source)" unit="count/min" \
                creationDate="\(time)" startDate="\(time)" endDate="\(time)" value="\(value)"/>
                """
        }
        var distinct = 0
        for day in 10...12 {
            for (source, minute) in [("Watch", 0), ("Ring", 30)] {
                for hour in 0..<24 {
                    records.append(rate(source, day: day, hour: hour, minute: minute, value: 60 + hour))
                    distinct += 1
                }
            }
            records.append(rate("Watch", day: day, hour: 5, minute: 0, value: 65))
        }
        return (minimalExport(records.joined(separator: "\n")), distinct)
    }

    @Test("A first import whose loads go back over rows already written stores each record once")
    func loadsGoingBackInTime() throws {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("back"))
        let (xml, distinct) = Self.interleavedDays()
        // The contract commits every 20 records: each commit loads the rows it holds.
        let result = try contract.importXML(xml, into: store, window: .all, windowGiven: true)
        let total = try #require(result.report?.total)
        #expect(total.new == distinct + 1)  // and the export's own row
        #expect(total.repeated == 3)
        #expect(try StoreContract.rows(store)["HKQuantityTypeIdentifierHeartRate"] == distinct)
        let again = try contract.importXML(xml, into: store, window: .all, windowGiven: true)
        #expect(again.report?.total.new == 0)
        #expect(try StoreContract.rows(store)["HKQuantityTypeIdentifierHeartRate"] == distinct)
    }
}
#endif
