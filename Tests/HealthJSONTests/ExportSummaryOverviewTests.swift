import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import Testing

/// The fast overview behind `summary` must say exactly what a full read says, or step aside.
@Suite struct ExportSummaryOverviewTests {
    /// The overview's summary (`nil` when it stepped aside) and the full read's.
    static func summaries(_ open: () throws -> any RecordSource) throws -> (
        overview: ExportSummary?, full: ExportSummary
    ) {
        var overview: ExportSummary? = ExportSummary()
        do {
            let (report, samples) = try open().readOverview(onChunk: {}) { overview!.add($0) }
            overview!.add(samples)
            overview!.read = report
        } catch is ExportReader.OverviewUnavailable {
            overview = nil
        }
        var full = ExportSummary()
        full.read = try open().read { full.add($0) }
        return (overview, full)
    }

    /// Expects the overview to say what the full read says; returns whether there was an
    /// overview to compare (callers check that it was taken where it must be).
    @discardableResult
    static func expectSame(
        _ overview: ExportSummary?, _ full: ExportSummary, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let overview else { return false }
        #expect(overview.json == full.json, sourceLocation: sourceLocation)
        #expect(overview.read.invalidExamples == full.read.invalidExamples, sourceLocation: sourceLocation)
        #expect(overview.facts.profile == full.facts.profile, sourceLocation: sourceLocation)
        return true
    }

    static func summaries(xml: String) throws -> (overview: ExportSummary?, full: ExportSummary) {
        try summaries { ExportReader(source: MemorySource(xml)) }
    }

    static let sampleExports: [String] = {
        let root = repositoryRoot + "/SampleExports"
        let folders = ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025"].map { root + "/" + $0 }
        let zips = (try? FileManager.default.contentsOfDirectory(atPath: root + "/zip")) ?? []
        return folders + zips.filter { $0.hasSuffix(".zip") }.sorted().map { root + "/zip/" + $0 }
    }()

    @Test(
        "Every sample export: the overview is taken (but for iOS 8) and agrees with a full read",
        arguments: sampleExports)
    func sampleExport(path: String) throws {
        let (overview, full) = try Self.summaries { try ExportPackage.open(path).makeReader() }
        if !path.hasSuffix("ios8-2015") { #expect(overview != nil) }
        Self.expectSame(overview, full)
        #expect(full.recordCount > 0)
    }

    static let corpus = repositoryRoot + "/../shared/corpus"
    static let corpusFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        let reconstructed = (try? FileManager.default.contentsOfDirectory(atPath: corpus + "/reconstructed")) ?? []
        return names.filter { $0.hasSuffix(".xml") && !$0.contains("cda") }.sorted().map { corpus + "/" + $0 }
            + reconstructed.filter { $0.hasSuffix(".xml") }.map { corpus + "/reconstructed/" + $0 }
    }()

    @Test(
        "Every corpus export, the malformed ones too: the overview is taken and agrees with a full read",
        .enabled(if: !corpusFiles.isEmpty, "../shared/corpus is not beside this clone"))
    func corpusExports() throws {
        var compared = 0
        for path in Self.corpusFiles {
            let (overview, full) = try Self.summaries { try ExportReader(path: path) }
            if Self.expectSame(overview, full) {
                compared += 1
            } else {
                Issue.record("the overview stepped aside for \(path)")
            }
        }
        #expect(compared == Self.corpusFiles.count)
        #expect(compared >= 10, "only \(compared) corpus files were compared")
    }

    @Test("Entities, invalid records, unknown children, comments and split tags read as a full read reads them")
    func awkwardButWellFormed() throws {
        let xml = minimalExport(
            """
             <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
             <!-- a comment -->
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tom &amp; Jerry" unit="count" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:10:00 +0200" value="120"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tom" unit="count" startDate="2024-05-01 07:00:00 +0200" endDate="2024-05-01 07:10:00 +0200" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tom" unit="count" startDate="2024-13-01 07:00:00 +0200" endDate="2024-05-01 07:10:00 +0200" value="12"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="2024-05-02 07:00:00 +0200" endDate="2024-05-02 07:00:00 +0200" value="154.8">
              <MetadataEntry key="HKWasUserEntered" value="1"/>
              <Surprise><Deeper/></Surprise>
             </Record>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="furlong" startDate="2024-05-03 07:00:00 +0200" endDate="2024-05-03 07:00:00 +0200" value="1"/>
             <Record
               type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch"
               startDate="2024-05-02 23:00:00 +0200" endDate="2024-05-03 06:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"/>
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-05-03 06:00:00 +0200" endDate="2024-05-03 06:01:00 +0200" value="40">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="60" time="6:00:01.00 AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
             <Record sourceName="Nobody" startDate="2024-05-03 06:00:00 +0200"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-05-04 07:00:00 +0200" endDate="2024-05-04 07:30:00 +0200">
              <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-04 07:10:00 +0200" endDate="2024-05-04 07:10:00 +0200" value="150"/>
             </Workout>
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2024-05-05 08:00:00 +0200" endDate="2024-05-05 08:00:00 +0200">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2024-05-05 08:00:00 +0200" endDate="2024-05-05 08:00:00 +0200" value="120"/>
             </Correlation>
             <Mystery a="1"/>
             <?processing instruction?>
            """)
        let (overview, full) = try Self.summaries(xml: xml)
        #expect(overview != nil)
        Self.expectSame(overview, full)
        #expect(full.read.invalidCount == 2)
        #expect(full.read.unknownElements == ["Surprise": 1, "Mystery": 1])
        #expect(full.sources["Tom & Jerry"] == 1)
        #expect(full.types["HKQuantityTypeIdentifierBodyMass"]?.kind == .weight)
    }

    @Test(
        "Malformed, truncated or unusual exports leave the overview to the full reader",
        arguments: [
            (
                "CDATA",
                " <Record type=\"T\" sourceName=\"S\" startDate=\"2024-05-01 08:00:00 +0200\"><![CDATA[x]]></Record>"
            ),
            ("text", " <Record type=\"T\" sourceName=\"S\" startDate=\"2024-05-01 08:00:00 +0200\">text</Record>"),
            ("mismatch", " <Record type=\"T\" sourceName=\"S\" startDate=\"2024-05-01 08:00:00 +0200\"></Workout>"),
            ("unknown entity", " <Record type=\"T\" sourceName=\"&bogus;\" startDate=\"2024-05-01 08:00:00 +0200\"/>"),
            ("less-than", " <Record type=\"T\" sourceName=\"a<b\" startDate=\"2024-05-01 08:00:00 +0200\"/>"),
            (
                "late export date",
                " <Record type=\"T\" sourceName=\"S\" startDate=\"2024-05-01 08:00:00 +0200\"/>\n <ExportDate value=\"2024-06-01 09:00:00 +0200\"/>"
            ),
        ])
    func fallsBack(name: String, body: String) throws {
        let xml = minimalExport(body)
        var overview: ExportSummary? = ExportSummary()
        do {
            let (report, samples) = try ExportReader(source: MemorySource(xml)).readOverview(onChunk: {}) {
                overview!.add($0)
            }
            overview!.add(samples)
            overview!.read = report
        } catch is ExportReader.OverviewUnavailable {
            overview = nil
        } catch {
            Issue.record("\(name): \(error)")
        }
        #expect(overview == nil, "\(name)")
    }

    @Test("A truncated export steps aside, and the full read reports where it ends")
    func truncated() throws {
        let xml = String(
            minimalExport(" <Record type=\"T\" sourceName=\"S\" startDate=\"2024-05-01 08:00:00 +0200\"/>").dropLast(8))
        #expect(throws: ExportReader.OverviewUnavailable.self) {
            _ = try ExportReader(source: MemorySource(xml)).readOverview(onChunk: {}) { _ in }
        }
        #expect(throws: ExportError.self) {
            _ = try ExportReader(source: MemorySource(xml)).read { _ in }
        }
    }

    @Test(
        "Across many chunks, with tags split at chunk edges, the figures and invalid lines agree",
        arguments: [" ", "\n   "])
    func manyChunks(separator: String) throws {
        var body = ""
        for index in 0..<6_000 {
            let minute = String(format: "%02d", index % 60)
            let hour = String(format: "%02d", (index / 60) % 24)
            let day = String(format: "%02d", 1 + index / 1440)
            let date = "2024-04-\(day) \(hour):\(minute):00 +0200"
            switch index % 500 {
            case 7:
                body += " <ActivitySummary dateComponents=\"2024-04-\(day)\" activeEnergyBurned=\"\(index)\"/>\n"
            case 99:
                body +=
                    " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" startDate=\"not a date\"/>\n"
            case 250:
                body +=
                    " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" sourceName=\"Watch\"\n   startDate=\"\(date)\" endDate=\"\(date)\">\n  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"\(date)\"/>\n </Workout>\n"
            default:
                // With a line break as separator every start tag spans lines, so chunks (which end
                // at line breaks) cut tags.
                let type = "HKQuantityTypeIdentifier\(index % 3 == 0 ? "StepCount" : "HeartRate")"
                body += " <Record type=\"\(type)\"\(separator)sourceName=\"Source \(index % 7)\" unit=\"count\""
                body +=
                    "\(separator)creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(index)\">\n"
                body +=
                    "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(index % 2)\"/>\n </Record>\n"
            }
        }
        let xml = minimalExport(body)
        #expect(xml.utf8.count > 3 * ExportReader.chunkSize)
        let (overview, full) = try Self.summaries(xml: xml)
        #expect(overview != nil)
        Self.expectSame(overview, full)
        #expect(full.read.invalidCount == 12)
        #expect(full.recordCount == 6_000 - 12)
    }
}
