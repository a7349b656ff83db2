import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import Testing

/// `summary` counts per type exactly what `records --all` prints per type: correlation members
/// included, each measurement once.
@Suite struct SummaryRecordsAgreementTests {
    /// Per type: what the summary counts (overview when it can) and what the record stream yields.
    static func counts(_ open: () throws -> any RecordSource) throws -> (summary: [String: Int], records: [String: Int])
    {
        let summary = try ExportSummary.read(
            opening: open, reopenable: true, countsMember: CorrelationMembers.summaryRule, progress: { _ in })
        var records: [String: Int] = [:]
        _ = try RecordStream(reader: try open(), policy: WindowPolicy(window: .all)).run { item in
            if item.record.kind != .export { records[item.record.type, default: 0] += 1 }
        }
        return (summary.types.mapValues(\.count), records)
    }

    static func counts(xml: String) throws -> (summary: [String: Int], records: [String: Int]) {
        try counts { ExportReader(source: MemorySource(xml)) }
    }

    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"

    static func pressure(_ type: String, _ day: Int, _ value: Int, indent: String = "  ") -> String {
        """
        \(indent)<Record type="\(type)" sourceName="Omron" unit="mmHg" startDate="2024-05-\(day) 07:00:00 +0200" endDate="2024-05-\(day) 07:00:00 +0200" value="\(value)"/>
        """
    }

    static func correlation(_ day: Int, _ high: Int, _ low: Int) -> String {
        """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-\(day) 07:00:00 +0200" endDate="2024-05-\(day) 07:00:00 +0200">
        \(pressure(systolic, day, high))
        \(pressure(diastolic, day, low))
         </Correlation>
        """
    }

    @Test("Blood pressure that exists only inside correlations is counted under its types")
    func onlyInsideCorrelations() throws {
        let xml = minimalExport(Self.correlation(20, 121, 79) + "\n" + Self.correlation(21, 118, 77))
        let (summary, records) = try Self.counts(xml: xml)
        #expect(summary == records)
        #expect(summary[Self.systolic] == 2)
        #expect(summary[Self.diastolic] == 2)
        #expect(summary["HKCorrelationTypeIdentifierBloodPressure"] == 2)
    }

    @Test("Members also listed at top level, before or after their correlation, are counted once")
    func alsoAtTopLevel() throws {
        let body = [
            Self.pressure(Self.systolic, 20, 121, indent: " "), Self.pressure(Self.diastolic, 20, 79, indent: " "),
            Self.correlation(20, 121, 79), Self.correlation(21, 118, 77),
            Self.pressure(Self.systolic, 21, 118, indent: " "), Self.pressure(Self.diastolic, 21, 77, indent: " "),
            Self.pressure(Self.systolic, 22, 130, indent: " "),
        ].joined(separator: "\n")
        let (summary, records) = try Self.counts(xml: minimalExport(body))
        #expect(summary == records)
        #expect(summary[Self.systolic] == 3)
        #expect(summary[Self.diastolic] == 2)
    }

    @Test("Food correlations count their dietary members like records does")
    func food() throws {
        let body = """
             <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Lifesum" startDate="2024-05-20 12:00:00 +0200" endDate="2024-05-20 12:00:00 +0200">
              <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lifesum" unit="kcal" startDate="2024-05-20 12:00:00 +0200" endDate="2024-05-20 12:00:00 +0200" value="60"/>
              <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Lifesum" unit="g" startDate="2024-05-20 12:00:00 +0200" endDate="2024-05-20 12:00:00 +0200" value="2"/>
             </Correlation>
             <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lifesum" unit="kcal" startDate="2024-05-20 12:00:00 +0200" endDate="2024-05-20 12:00:00 +0200" value="60"/>
             <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Lifesum" unit="mL" startDate="2024-05-20 13:00:00 +0200" endDate="2024-05-20 13:00:00 +0200" value="250"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-05-20 13:00:00 +0200" endDate="2024-05-20 13:10:00 +0200" value="250"/>
            """
        let (summary, records) = try Self.counts(xml: minimalExport(body))
        #expect(summary == records)
        #expect(summary["HKQuantityTypeIdentifierDietaryEnergyConsumed"] == 1)
        #expect(summary["HKQuantityTypeIdentifierDietaryWater"] == 1)
        #expect(summary["HKQuantityTypeIdentifierStepCount"] == 1)
    }

    @Test("When the overview steps aside after some members, the full read counts them afresh")
    func overviewStepsAside() throws {
        let body = [
            Self.correlation(20, 121, 79), Self.pressure(Self.systolic, 20, 121, indent: " "),
            " <![CDATA[the overview leaves this to the full reader]]>", Self.correlation(21, 118, 77),
        ].joined(separator: "\n")
        let (summary, records) = try Self.counts(xml: minimalExport(body))
        #expect(summary == records)
        #expect(summary[Self.systolic] == 2)
    }

    static let sampleExports: [String] = {
        let root = repositoryRoot + "/SampleExports"
        let folders = ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025"].map { root + "/" + $0 }
        let zips = (try? FileManager.default.contentsOfDirectory(atPath: root + "/zip")) ?? []
        return folders + zips.filter { $0.hasSuffix(".zip") }.sorted().map { root + "/zip/" + $0 }
    }()

    @Test("Every sample export: summary and records agree per type", arguments: sampleExports)
    func sampleExport(path: String) throws {
        let (summary, records) = try Self.counts { try ExportPackage.open(path).makeReader() }
        #expect(summary == records)
        #expect(!summary.isEmpty)
    }
}

/// The corpus conformance counts `summary` and `records` must agree on, per type.
@Suite struct CorpusSummaryRecordsAgreementTests {
    static let corpus = repositoryRoot + "/../shared/corpus"
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        let reconstructed = (try? FileManager.default.contentsOfDirectory(atPath: corpus + "/reconstructed")) ?? []
        return names.filter { $0.hasSuffix(".xml") && !$0.contains("cda") }.sorted()
            + reconstructed.filter { $0.hasSuffix(".xml") }.sorted().map { "reconstructed/" + $0 }
    }()

    @Test(
        "Every corpus export: summary and records agree per type",
        .enabled(if: !files.isEmpty, "../shared/corpus is not beside this clone"), arguments: files)
    func corpusExport(file: String) throws {
        let path = Self.corpus + "/" + file
        let (summary, records) = try SummaryRecordsAgreementTests.counts { try ExportReader(path: path) }
        #expect(summary == records)
        for (type, count) in Self.pinned[file] ?? [:] {
            #expect(summary[type] == count, "\(type)")
        }
    }

    /// Correlations and the member types they hold, as both commands count them (each
    /// measurement once, whether inside a correlation, at top level or both).
    static let pinned: [String: [String: Int]] = [
        // The correlation's two members exist only inside it (six more systolic values at top level).
        "ahcd-v11-2020-export.xml": [
            "HKCorrelationTypeIdentifierBloodPressure": 1, "HKQuantityTypeIdentifierBloodPressureSystolic": 7,
            "HKQuantityTypeIdentifierBloodPressureDiastolic": 1,
        ],
        "grll-apple-health-mcp-v14.xml": [
            "HKCorrelationTypeIdentifierBloodPressure": 1, "HKQuantityTypeIdentifierBloodPressureSystolic": 1,
            "HKQuantityTypeIdentifierBloodPressureDiastolic": 1,
        ],
        "comocomo-hkimporter-v3-2017-selection.xml": [
            "HKCorrelationTypeIdentifierFood": 34, "HKQuantityTypeIdentifierDietaryEnergyConsumed": 36,
            "HKQuantityTypeIdentifierDietaryCarbohydrates": 37, "HKQuantityTypeIdentifierDietaryProtein": 36,
            "HKQuantityTypeIdentifierDietaryFatTotal": 36,
        ],
    ]
}
