import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import HealthJSON
import Testing

@Suite struct RecordStreamTests {
    static let bloodPressure = """
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
         </Correlation>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-31 07:00:00 +0200" endDate="2024-05-31 07:00:00 +0200">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-31 07:00:00 +0200" endDate="2024-05-31 07:00:00 +0200" value="118"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-31 07:00:00 +0200" endDate="2024-05-31 07:00:00 +0200" value="77"/>
         </Correlation>
        """

    @Test("Correlation members are yielded once, whether or not the export also lists them at top level")
    func membersOnce() throws {
        let (records, report) = try stream(minimalExport(Self.bloodPressure))
        let systolic = records.filter { $0.record.type == "HKQuantityTypeIdentifierBloodPressureSystolic" }
        #expect(systolic.count == 2)
        #expect(Set(systolic.map(\.id)).count == 2)
        #expect(records.filter { $0.record.kind == .correlation }.count == 2)
        #expect(report.counts["HKQuantityTypeIdentifierBloodPressureSystolic"]?.new == 2)
    }

    @Test("A record whose type is empty is counted, and its ID kept for the run's sightings")
    func emptyType() throws {
        // A vision prescription whose `type` attribute is missing has the empty type.
        let body = """
             <VisionPrescription dateIssued="2024-04-01 00:00:00 +0200" expirationDate="2026-04-01 00:00:00 +0200">
              <RightEye sphere="-1.25" sphereUnit="D"/>
             </VisionPrescription>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="1"/>
            """
        let (records, report) = try stream(minimalExport(body))
        #expect(records.contains { $0.record.kind == .visionPrescription && $0.record.type.isEmpty })
        #expect(report.counts[""]?.new == 1)
        #expect(report.total.new == records.count)
    }

    @Test("Selecting blood pressure yields the correlations and their members only")
    func selection() throws {
        let body =
            Self.bloodPressure + """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
                """
        let (records, _) = try stream(minimalExport(body), types: ["blood-pressure"])
        #expect(Set(records.map(\.record.kind)) == [.quantity, .correlation])
        #expect(records.count == 6)
        let steps = try stream(minimalExport(body), types: ["StepCount"]).records
        #expect(steps.map(\.record.type) == ["HKQuantityTypeIdentifierStepCount"])
    }

    @Test("The default window keeps the 30 days before the export date, and the counts add up")
    func defaultWindow() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="1"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-02 09:00:00 +0200" endDate="2024-05-02 09:10:00 +0200" value="2"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-02 08:59:59 +0200" endDate="2024-05-02 09:10:00 +0200" value="3"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2019-01-01 08:00:00 +0100" endDate="2019-01-01 08:10:00 +0100" value="4"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="not a date" endDate="2019-01-01 08:10:00 +0100" value="5"/>
             <ActivitySummary dateComponents="2024-05-20" activeEnergyBurned="1"/>
             <ActivitySummary dateComponents="2024-04-20" activeEnergyBurned="1"/>
            """
        let (records, report) = try stream(minimalExport(body), window: .standard)
        let steps = records.compactMap { record -> Double? in
            if case .quantity(let sample) = record.record { return sample.value }
            return nil
        }
        #expect(steps == [1, 2])
        let counts = try #require(report.counts["HKQuantityTypeIdentifierStepCount"])
        #expect(counts == TypeCounts(new: 2, outsideWindow: 2, invalid: 1))
        #expect(counts.read == 5)
        #expect(report.counts["HKActivitySummary"] == TypeCounts(new: 1, outsideWindow: 1))
    }

    @Test("--since and --days windows start where they say")
    func explicitWindows() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 00:00:00 +0200" endDate="2024-05-30 00:10:00 +0200" value="1"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-29 23:59:59 +0200" endDate="2024-05-30 00:10:00 +0200" value="2"/>
            """
        let since = try stream(minimalExport(body), window: .since(CalendarDay(year: 2024, month: 5, day: 30))).report
        #expect(since.counts["HKQuantityTypeIdentifierStepCount"] == TypeCounts(new: 1, outsideWindow: 1))
        let nineOClock = body.replacingOccurrences(of: "00:00:00 +0200\" endDate", with: "09:00:00 +0200\" endDate")
            .replacingOccurrences(
                of: "23:59:59 +0200\" endDate=\"2024-05-30", with: "08:59:59 +0200\" endDate=\"2024-05-30"
            )
            .replacingOccurrences(of: "2024-05-29 08:59:59", with: "2024-05-30 08:59:59")
        let days = try stream(minimalExport(nineOClock), window: .days(2)).report
        #expect(days.counts["HKQuantityTypeIdentifierStepCount"] == TypeCounts(new: 1, outsideWindow: 1))
    }

    @Test("An error thrown by the consumer stops the read and comes back as is")
    func consumerError() throws {
        struct Stop: Error {}
        var body = ""
        for minute in 0..<5000 {
            body +=
                "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" startDate=\"2024-05-30 08:00:00 +0200\" endDate=\"2024-05-30 08:10:00 +0200\" value=\"\(minute)\"/>\n"
        }
        let stream = RecordStream(
            reader: ExportReader(source: MemorySource(minimalExport(body))), policy: WindowPolicy(window: .all))
        var seen = 0
        #expect(throws: Stop.self) {
            try stream.run { _ in
                seen += 1
                if seen == 10 { throw Stop() }
            }
        }
        #expect(seen == 10)
    }
}

/// Checks the stream against the sample exports' manifest: the 30-day window and correlation members.
@Suite struct SampleWindowTests {
    struct Manifest: Decodable {
        struct File: Decodable {
            var path: String
            var recordsInLast30Days: Int
            var distinctCorrelationMembersNotAtTopLevel: Int
            var elements: [String: Int]
        }

        var files: [File]
    }

    static let files: [Manifest.File] = {
        let data = FileManager.default.contents(atPath: repositoryRoot + "/SampleExports/manifest.json") ?? Data()
        return (try? JSONDecoder().decode(Manifest.self, from: data))?.files ?? []
    }()

    static func isSample(_ record: HealthRecord) -> Bool {
        [.quantity, .weight, .category].contains(record.kind)
    }

    @Test("The default window keeps what the manifest says", arguments: files.map(\.path))
    func window(path: String) throws {
        let file = try #require(Self.files.first { $0.path == path })
        let stream = RecordStream(
            reader: try ExportReader(path: repositoryRoot + "/SampleExports/" + path),
            policy: WindowPolicy(window: .standard))
        var samples = 0
        _ = try stream.run { if Self.isSample($0.record) { samples += 1 } }
        // Members only inside correlations are yielded as samples of their own; count them apart.
        var members = 0
        let all = RecordStream(
            reader: try ExportReader(path: repositoryRoot + "/SampleExports/" + path),
            policy: WindowPolicy(window: .all))
        var allSamples = 0
        _ = try all.run { if Self.isSample($0.record) { allSamples += 1 } }
        members = allSamples - (file.elements["Record"] ?? 0)
        #expect(members == file.distinctCorrelationMembersNotAtTopLevel)
        #expect(samples >= file.recordsInLast30Days)
        #expect(samples <= file.recordsInLast30Days + members)
    }
}
