import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Two parsers must read exactly as one: the same records in the same order, the same counts,
/// facts, invalid examples and warnings, and the same error at the same line and column.
@Suite struct TwoParserReadTests {
    /// One of every kind of top-level element, with the children each can hold.
    static let everyKind = """
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="120"/>
         <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-05-30 23:59:58 -0700" endDate="2024-05-31 00:00:58 -0700" value="41.2">
          <MetadataEntry key="HKAlgorithmVersion" value="2"/>
          <HeartRateVariabilityMetadataList>
           <InstantaneousBeatsPerMinute bpm="62" time="11:59:58.50 PM"/>
           <InstantaneousBeatsPerMinute bpm="60" time="12:00:00.10\u{202F}AM"/>
          </HeartRateVariabilityMetadataList>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-29 23:00:00 +0200" endDate="2024-05-30 06:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepREM"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale &amp; Co" unit="lb" device="&lt;&lt;HKDevice: 0x283f1c2a0&gt;, name:Scale, manufacturer:Withings&gt;" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="154.765"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200">
          <MetadataEntry key="HKWasUserEntered" value="0"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
         </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeSwimBikeRun" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 09:00:00 +0200">
          <WorkoutActivity uuid="0C822588-0470-4F37-9676-C324BF454FBE" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" duration="60" durationUnit="min">
           <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-05-30 07:00:00 +0200" duration="10" durationUnit="min">
            <MetadataEntry key="HKSegmentIndex" value="1"/>
           </WorkoutEvent>
           <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" sum="30" unit="km"/>
          </WorkoutActivity>
          <WorkoutRoute sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200">
           <Location date="2024-05-30 07:00:42 +0200" latitude="37.77" longitude="-122.41"/>
          </WorkoutRoute>
          <WorkoutZoneGroup type="HKQuantityTypeIdentifierHeartRate"><WorkoutZone maximum="132"/></WorkoutZoneGroup>
         </Workout>
         <ActivitySummary dateComponents="2024-05-29" activeEnergyBurned="410.5" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleExerciseTime="25"/>
         <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="abc-1" sourceName="Clinic" fhirVersion="4.0.1" receivedDate="2024-05-01 10:00:00 +0200" resourceFilePath="/clinical-records/abc-1.json"/>
         <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="EarTest" startDate="2024-05-02 10:00:00 +0200" endDate="2024-05-02 10:10:00 +0200">
          <SensitivityPoint frequencyValue="1000" frequencyUnit="Hz" leftEarValue="15" leftEarUnit="dBHL"/>
         </Audiogram>
         <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2024-04-01 00:00:00 +0200" expirationDate="2026-04-01 00:00:00 +0200">
          <RightEye sphere="-1.25" sphereUnit="D"/>
         </VisionPrescription>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-13-40 10:00:00 +0200" endDate="2024-05-30 10:00:00 +0200" value="12"/>
         <UnknownThing a="1"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2014-05-29 23:00:00 +0200" endDate="2014-05-30 06:00:00 +0200" value="1"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:00:00 +0200" value="61"/>
        """

    /// A tag whose quotes do not pair up, then a line cut off. libxml2 waits for the rest of
    /// such a tag: one parser met its error before the end, the parser that took the last line
    /// only at the end, which once made it read as a cut file.
    static let brokenThenCut: String = {
        let xml = export(everyKind + "\n <Record type=\"x\" a=\"x\"1\" b=\"2\"/>\n <Record type=\"y\" crea")
        return String(xml[..<xml.range(of: " crea")!.upperBound])
    }()

    static func reader(_ xml: String, chunk: Int = 1 << 16) -> () throws -> any RecordSource {
        { ExportReader(source: MemorySource(xml, chunk: chunk)) }
    }

    static func expectSame(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ReadResult {
        try expectTwoParsersReadAsOne(reader(xml), sourceLocation: sourceLocation).result
    }

    @Test("Every kind of element, cut at every boundary between two of them, reads as on one parser")
    func everyBoundary() throws {
        let body = (0..<12).map { _ in Self.everyKind }.joined(separator: "\n")
        let (result, parallel) = try expectTwoParsersReadAsOne(Self.reader(export(body)))
        #expect(result.failure == nil)
        #expect(result.invalidExamples.count == 10)
        #expect(result.outsideWindow.values.reduce(0, +) == 12)
        #expect(result.notSelected == 12)
        #expect(result.unknownElements == ["UnknownThing": 12])
        #expect(parallel > 100)
    }

    @Test("ExportDate and Me written after records change the facts as on one parser")
    func lateFacts() throws {
        let body =
            Self.everyKind + """

                 <ExportDate value="2025-01-02 03:04:05 +0100"/>
                \(Self.everyKind)
                 <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
                \(Self.everyKind)
                 <ExportDate value="yesterday"/>
                \(Self.everyKind)
                """
        let result = try Self.expectSame(export(body))
        #expect(result.facts.exportDate == nil)
        #expect(result.facts.profile == [MetadataEntry(key: "BiologicalSex", value: "HKBiologicalSexMale")])
        #expect(result.warnings.count == 1)
    }

    @Test(
        "Cuts that fall inside a comment, CDATA, text or a wrongly indented element leave the rest to one parser",
        arguments: [
            " <!-- a comment\n <Record type=\"fake\"/>\n -->",
            " <![CDATA[ text\n <Record type=\"fake\"/>\n ]]>",
            " loose text\n <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" startDate=\"2024-05-30 10:00:00 +0200\" value=\"3\"/>",
            " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Watch\" startDate=\"2024-05-30 07:00:00 +0200\" endDate=\"2024-05-30 07:30:00 +0200\">\n <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2024-05-30 07:10:00 +0200\"/>\n <MetadataEntry key=\"k\" value=\"v\"/>\n </Workout>",
        ])
    func unsureCuts(trap: String) throws {
        let body = [Self.everyKind, trap, Self.everyKind, trap, Self.everyKind].joined(separator: "\n")
        let result = try Self.expectSame(export(body))
        #expect(result.records.count > 30)
    }

    @Test(
        "Malformed and truncated exports fail at the same line and column, after the same records",
        arguments: [
            (
                "a bad tag in a later segment",
                export(Self.everyKind + "\n <Record type=\"x\" <Oops/>\n" + Self.everyKind)
            ),
            (
                "a mismatched end tag",
                export(Self.everyKind + "\n <Workout sourceName=\"a\">\n </Correlation>\n" + Self.everyKind)
            ),
            ("a repeated attribute", export(Self.everyKind + "\n <Record type=\"x\" type=\"y\"/>\n" + Self.everyKind)),
            ("an undefined entity", export(Self.everyKind + "\n <Record type=\"x&nope;\"/>\n" + Self.everyKind)),
            ("truncated inside a record", String(export(Self.everyKind + "\n" + Self.everyKind).dropLast(300))),
            ("truncated between records", String(export(Self.everyKind).dropLast("\n</HealthData>".count))),
            ("content after the root", export(Self.everyKind) + "\n <Record type=\"late\"/>\n"),
            (
                "a root other than HealthData",
                export(Self.everyKind).replacingOccurrences(of: "HealthData", with: "Health")
            ),
            ("no root", "<?xml version=\"1.0\"?>\n"),
            ("a bad tag right after the facts", export("<Record type=\"x\" <Oops/>\n" + Self.everyKind)),
            ("a broken tag before a last line cut off", Self.brokenThenCut),
        ])
    func failures(name: String, xml: String) throws {
        let (result, parallel) = try expectTwoParsersReadAsOne(Self.reader(xml))
        #expect(result.failure != nil, "\(name)")
        // Where the error lies after the first records, two parsers shared the segments before it.
        if result.records.count > 10 { #expect(parallel > 10, "\(name)") }
    }

    @Test("When the second parser cannot start, the first reads on from segment 1, up to a cut-off end")
    func unusableStart() throws {
        let step =
            #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" "#
            + #"startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="12"/>"#
        // Text after the facts: the second parser's quiet read of the head does not end between elements.
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + " <ExportDate value=\"2024-06-01 09:00:00 +0200\"/>stray text\n"
            + (0..<6).map { _ in step + "\n" }.joined() + " <Record type=\"HKQuantityTypeIdentifierStepCount\" crea"
        let result = try Self.expectSame(xml)
        #expect(result.records.count == 7)
        #expect(result.failure?.contains("truncated?") == true)
    }

    @Test("A consumer that stops, and input that fails midway, end the read as on one parser")
    func stops() throws {
        let xml = export((0..<6).map { _ in Self.everyKind }.joined(separator: "\n"))
        let stopped = try expectTwoParsersReadAsOne(Self.reader(xml), stopAfter: 40).result
        #expect(stopped.records.count == 40)
        #expect(stopped.failure == "stopped by the consumer")
        let failing = { ExportReader(source: FailingSource(xml, after: xml.utf8.count / 2)) }
        try expectTwoParsersReadAsOne(failing)
        let cut = try read(failing, parsers: 2, chunk: 61, segment: 1).result
        #expect(cut.failure?.contains("the disk went away") == true)
        #expect(cut.records.count > 10)
    }

    @Test("An export on one line, one indented otherwise, and one without a DTD read as on one parser")
    func otherLayouts() throws {
        let records = (0..<6).map { _ in Self.everyKind }.joined(separator: "\n")
        let oneLine = export(records).replacingOccurrences(of: "\n", with: " ")
        #expect(try Self.expectSame(oneLine).records.count > 60)
        let tabs = export(records.replacingOccurrences(of: "\n <", with: "\n\t<"))
        #expect(try Self.expectSame(tabs).records.count > 60)
        let noDTD = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="20150616071916-0700"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="19840923" HKCharacteristicTypeIdentifierBiologicalSex="1"/>
            \(records)
            </HealthData>
            """
        #expect(try Self.expectSame(noDTD).records.count > 60)
    }

    @Test(
        "Sample exports read alike on two parsers, and are shared between them",
        arguments: ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025", "zip/export.zip"])
    func sampleExports(name: String) throws {
        let path = repositoryRoot + "/SampleExports/" + name
        let (result, parallel) = try expectTwoParsersReadAsOne { try ExportPackage.open(path).makeReader() }
        #expect(result.failure == nil)
        #expect(parallel > 10)
    }

    static let corpus = repositoryRoot + "/../shared/corpus"
    static let corpusFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        let reconstructed = (try? FileManager.default.contentsOfDirectory(atPath: corpus + "/reconstructed")) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { corpus + "/" + $0 }
            + reconstructed.filter { $0.hasSuffix(".xml") }.map { corpus + "/reconstructed/" + $0 }
    }()

    @Test(
        "Corpus exports read alike on two parsers, errors included",
        .enabled(if: !corpusFiles.isEmpty, "../shared/corpus is not beside this clone"), arguments: corpusFiles)
    func corpusExport(path: String) throws {
        try expectTwoParsersReadAsOne({ try ExportReader(path: path) }, chunks: [509, 4099])
    }

    @Test("An export with bytes that are not UTF-8 reads alike on two parsers")
    func invalidUTF8() throws {
        var bytes = try fileBytes(repositoryRoot + "/SampleExports/v14-2025/export.xml")
        for fraction in [0.3, 0.6, 0.9] {
            // Inside the first value of the line the fraction falls on.
            let line = bytes[..<Int(Double(bytes.count) * fraction)].lastIndex(of: UInt8(ascii: "\n"))!
            let quote = bytes[line...].firstIndex(of: UInt8(ascii: "\""))!
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: quote + 1)
        }
        let result = try expectTwoParsersReadAsOne { ExportReader(source: MemorySource(bytes: bytes)) }.result
        #expect(result.records.count > 50)
    }

    @Test("Standard input shorter than a segment is read by one parser")
    func shortInput() throws {
        let (result, statistics) = try read(Self.reader(export(Self.everyKind)), parsers: 2)
        #expect(result.failure == nil)
        #expect(statistics == SegmentedRead.Statistics(parallel: 1, serial: 0))
    }
}

/// Hands out `xml` in small chunks and fails after `after` bytes, as a disk or a zip can.
final class FailingSource: ByteSource {
    let displayName = "failing.xml"
    var expectedByteCount: Int64? { nil }
    private let bytes: [UInt8]
    private let limit: Int
    private var offset = 0

    init(_ xml: String, after limit: Int) {
        bytes = Array(xml.utf8)
        self.limit = limit
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        guard offset < limit else { throw ExportError(.unreadable, "the disk went away", path: displayName) }
        let count = min(997, buffer.count, limit - offset)
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }
}
