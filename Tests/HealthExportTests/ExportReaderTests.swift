import HealthExport
import HealthFixtures
import Testing

@Suite struct ExportReaderTests {
    static let device =
        "&lt;&lt;HKDevice: 0x283a1c0f0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"

    @Test("The export's facts come first, with date, locale, version and profile")
    func facts() throws {
        let (records, report) = try readAll(export(""))
        let facts = try #require(records.first?.facts)
        #expect(facts.exportDate?.iso8601 == "2024-06-01T09:00:00+02:00")
        #expect(facts.locale == "en_US")
        #expect(facts.version == 14)
        #expect(facts.profile.first == MetadataEntry(key: "DateOfBirth", value: "1990-01-15"))
        #expect(report.elementsRead == 0)
    }

    @Test("A quantity record becomes a typed sample with metadata and a parsed device")
    func quantity() throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Anna’s Apple Watch" sourceVersion="10.1" device="\(Self.device)" unit="count/min" creationDate="2024-05-30 08:01:02 +0200" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="72">
              <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
             </Record>
            """)
        let sample = try #require(try readAll(xml).records.last?.quantity)
        #expect(sample.header.type == "HKQuantityTypeIdentifierHeartRate")
        #expect(sample.header.sourceName == "Anna’s Apple Watch")
        #expect(sample.header.device?.hardware == "Watch6,1")
        #expect(sample.header.creationDate?.iso8601 == "2024-05-30T08:01:02+02:00")
        #expect(sample.value == 72)
        #expect(sample.unit == "count/min")
        #expect(sample.metadata == [MetadataEntry(key: "HKMetadataKeyHeartRateMotionContext", value: "1")])
    }

    @Test(
        "Body mass becomes a weight in kilograms whatever the unit",
        arguments: [("kg", 70.0, 70.0), ("lb", 154.32358352941, 70.0), ("st", 11.0231131, 70.0), ("g", 70000.0, 70.0)])
    func weight(unit: String, value: Double, kilograms: Double) throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="\(unit)" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="\(value)"/>
            """)
        let weight = try #require(try readAll(xml).records.last?.weight)
        #expect(abs(weight.kilograms - kilograms) < 1e-6)
        #expect(weight.unit == unit)
        #expect(weight.value == value)
    }

    @Test("Category values stay names; old numeric values get their names")
    func categories() throws {
        let xml = export(
            """
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepREM"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" unit="" startDate="2024-05-30 02:00:00 +0200" endDate="2024-05-30 03:00:00 +0200" value="0"/>
            """)
        let samples = try readAll(xml).records.compactMap(\.category)
        #expect(samples.map(\.value) == ["HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisInBed"])
        #expect(samples.map(\.rawValue) == [nil, 0])
    }

    @Test("HRV beats resolve to instants on the record's day, including just after midnight")
    func heartbeats() throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-05-30 23:59:58 -0700" endDate="2024-05-31 00:00:58 -0700" value="41.2">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="62" time="11:59:58.50 PM"/>
               <InstantaneousBeatsPerMinute bpm="60" time="12:00:00.10\u{202F}AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
            """)
        let sample = try #require(try readAll(xml).records.last?.quantity)
        let start = sample.header.startDate.secondsSince1970 * 1000
        #expect(sample.beats.map(\.bpm) == [62, 60])
        #expect(sample.beats.map(\.millisecondsSince1970) == [start + 500, start + 2100])
        #expect(sample.beats[1].writtenTime == "12:00:00.10\u{202F}AM")
    }

    @Test("Correlations carry their member records")
    func correlation() throws {
        let xml = export(
            """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200">
              <MetadataEntry key="HKWasUserEntered" value="0"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
             </Correlation>
            """)
        let records = try readAll(xml).records
        #expect(records.count == 2)
        let correlation = try #require(records.last?.correlation)
        #expect(correlation.members.map { $0.record.quantity?.value } == [121, 79])
        #expect(correlation.metadata.count == 1)
    }

    @Test("Workout totals come from statistics when present, else from the old attributes")
    func workoutTotals() throws {
        let xml = export(
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200">
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-05-30 07:10:00 +0200"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200" sum="5.2" unit="km"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200" sum="320" unit="kcal"/>
              <WorkoutRoute sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200">
               <FileReference path="/workout-routes/route_2024-05-30_7.00am.gpx"/>
              </WorkoutRoute>
             </Workout>
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="45" durationUnit="min" totalDistance="20.5" totalDistanceUnit="km" totalEnergyBurned="410" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2024-05-31 07:00:00 +0200" endDate="2024-05-31 07:45:00 +0200"/>
            """)
        let workouts = try readAll(xml).records.compactMap(\.workout)
        #expect(workouts.count == 2)
        #expect(workouts[0].totalDistance == Measurement(value: 5.2, unit: "km"))
        #expect(workouts[0].totalEnergyBurned == Measurement(value: 320, unit: "kcal"))
        #expect(workouts[0].events.map(\.type) == ["HKWorkoutEventTypePause"])
        #expect(workouts[0].routes.first?.filePaths == ["/workout-routes/route_2024-05-30_7.00am.gpx"])
        #expect(workouts[1].totalDistance == Measurement(value: 20.5, unit: "km"))
        #expect(workouts[1].duration == Measurement(value: 45, unit: "min"))
    }

    @Test("Workout activities keep their own events, statistics and metadata, without double counting")
    func workoutActivities() throws {
        let xml = export(
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeSwimBikeRun" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 09:00:00 +0200">
              <WorkoutActivity uuid="0C822588-0470-4F37-9676-C324BF454FBE" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" duration="60" durationUnit="min">
               <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-05-30 07:00:00 +0200" duration="10" durationUnit="min">
                <MetadataEntry key="HKSegmentIndex" value="1"/>
               </WorkoutEvent>
               <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" sum="30" unit="km"/>
               <MetadataEntry key="HKIndoorWorkout" value="0"/>
              </WorkoutActivity>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 09:00:00 +0200" sum="30" unit="km"/>
              <WorkoutZoneGroup type="HKQuantityTypeIdentifierHeartRate"><WorkoutZone maximum="132"/></WorkoutZoneGroup>
             </Workout>
            """)
        let (records, report) = try readAll(xml)
        let workout = try #require(records.last?.workout)
        #expect(workout.activities.count == 1)
        #expect(workout.activities[0].uuid == "0C822588-0470-4F37-9676-C324BF454FBE")
        #expect(workout.activities[0].events.first?.metadata == [MetadataEntry(key: "HKSegmentIndex", value: "1")])
        #expect(workout.activities[0].metadata == [MetadataEntry(key: "HKIndoorWorkout", value: "0")])
        #expect(workout.totalDistance == Measurement(value: 30, unit: "km"))
        #expect(report.unknownElements.isEmpty)
        #expect(workout.zoneGroups.first?.zones == [WorkoutZone(maximum: 132)])
    }

    @Test("A triathlon's total distance adds its legs in metres and miles")
    func multisportTotalsInMixedUnits() throws {
        // As the iOS 17 export of an Apple Watch triathlon writes it: the swim in metres, the
        // ride and the run in the user's miles, the energy in kilocalories and kilojoules.
        let xml = export(
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeSwimBikeRun" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 09:00:00 +0200">
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceSwimming" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:20:00 +0200" sum="750" unit="m"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-30 07:25:00 +0200" endDate="2024-05-30 08:25:00 +0200" sum="12.5" unit="mi"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-05-30 08:30:00 +0200" endDate="2024-05-30 09:00:00 +0200" sum="3.1" unit="mi"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 08:25:00 +0200" sum="600" unit="kcal"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 08:30:00 +0200" endDate="2024-05-30 09:00:00 +0200" sum="1255.2" unit="kJ"/>
             </Workout>
            """)
        let workout = try #require(try readAll(xml).0.last?.workout)
        let distance = try #require(workout.totalDistance)
        #expect(distance.unit == "m")
        #expect(abs(distance.value - (750 + 15.6 * 1609.344)) < 1e-6)
        let energy = try #require(workout.totalEnergyBurned)
        #expect(energy.unit == "kcal")
        #expect(abs(energy.value - 900) < 1e-9)
    }

    @Test("Old inline route points become a route record after their workout")
    func inlineRoute() throws {
        let xml = export(
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Phone" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
              <WorkoutRoute sourceName="Phone" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
               <Location date="2019-06-11 15:00:42 -0700" latitude="37.77" longitude="-122.41" altitude="10.2" horizontalAccuracy="5" verticalAccuracy="3" course="120.5" speed="2.7"/>
               <Location date="2019-06-11 15:00:43 -0700" latitude="37.7701" longitude="-122.4101"/>
              </WorkoutRoute>
             </Workout>
            """)
        let records = try readAll(xml).records
        #expect(records.map(\.kind) == [.export, .workout, .route])
        let route = try #require(records[2].route)
        #expect(route.points.count == 2)
        #expect(route.points[0].speed == 2.7)
        #expect(route.startDate?.iso8601 == "2019-06-11T15:00:42-07:00")
    }

    @Test("Activity summaries read both the old and the new move-time attributes")
    func activitySummaries() throws {
        let xml = export(
            """
             <ActivitySummary dateComponents="2024-05-29" activeEnergyBurned="410.5" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveMinutes="31" appleMoveMinutesGoal="30" appleExerciseTime="25" appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>
             <ActivitySummary dateComponents="2024-05-30" activeEnergyBurned="1200" activeEnergyBurnedUnit="kJ" appleMoveTime="42" appleMoveTimeGoal="30"/>
            """)
        let summaries = try readAll(xml).records.compactMap(\.summary)
        #expect(summaries.map(\.day.iso8601) == ["2024-05-29", "2024-05-30"])
        #expect(summaries.map(\.moveTime) == [31, 42])
        #expect(summaries[1].activeEnergyBurnedUnit == "kJ")
        #expect(summaries[0].start.iso8601 == "2024-05-29T00:00:00+02:00")
    }

    @Test("Clinical records, audiograms and vision prescriptions are read")
    func otherElements() throws {
        let xml = export(
            """
             <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="abc-1" sourceName="Clinic" sourceURL="https://fhir.example/api" fhirVersion="4.0.1" receivedDate="2024-05-01 10:00:00 +0200" resourceFilePath="/clinical-records/abc-1.json"/>
             <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="EarTest" startDate="2024-05-02 10:00:00 +0200" endDate="2024-05-02 10:10:00 +0200">
              <SensitivityPoint frequencyValue="1000" frequencyUnit="Hz" leftEarValue="15" leftEarUnit="dBHL"/>
             </Audiogram>
             <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2024-04-01 00:00:00 +0200" expirationDate="2026-04-01 00:00:00 +0200">
              <RightEye sphere="-1.25" sphereUnit="D"/>
              <LeftEye sphere="-1.5" sphereUnit="D"/>
             </VisionPrescription>
            """)
        let kinds = try readAll(xml).records.map(\.kind)
        #expect(kinds == [.export, .clinical, .audiogram, .visionPrescription])
    }

    @Test("A record with a bad date is counted as invalid with a reason, and the rest still read")
    func invalidDate() throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-13-40 10:00:00 +0200" endDate="2024-05-30 10:00:00 +0200" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="30"/>
            """)
        let (records, report) = try readAll(xml)
        #expect(records.compactMap(\.quantity).map(\.value) == [30])
        #expect(report.invalidCounts == ["HKQuantityTypeIdentifierStepCount": 1])
        #expect(report.invalidExamples.first?.reason.contains("startDate \"2024-13-40 10:00:00 +0200\"") == true)
        #expect(report.invalidExamples.first?.line == 10)
    }

    @Test("Malformed XML fails with the line and column, after yielding what came before")
    func malformed() throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="30"/>
             <Record type="oops" <broken/>
            """)
        let reader = ExportReader(source: MemorySource(xml, name: "broken.xml"))
        var yielded = 0
        let error = try #require(throws: ExportError.self) { try reader.read { _ in yielded += 1 } }
        #expect(error.code == .malformed)
        #expect(error.line == 11)
        #expect(error.column != nil)
        #expect(error.description.hasPrefix("broken.xml:11:"))
        #expect(yielded == 2)
    }

    @Test("A file cut short is reported as truncated")
    func truncated() throws {
        let xml = String(
            export(
                """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="30"/>
                """
            ).dropLast(40))
        let error = try #require(throws: ExportError.self) { try readAll(xml) }
        #expect(error.code == .truncated)
    }

    @Test(
        "Files that are not exports are refused",
        arguments: [
            "<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><id/></ClinicalDocument>\n",
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"/>\n",
            "just some text\n",
        ])
    func notAnExport(text: String) throws {
        let error = try #require(throws: ExportError.self) { try readAll(text) }
        #expect(error.code == .notAnExport)
    }

    @Test("An entity bomb is refused, not expanded")
    func entityBomb() throws {
        var dtd = "<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            dtd +=
                "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
                + "\">\n"
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n\(dtd)]>\n<HealthData locale=\"en\"><Record type=\"&lol9;\"/></HealthData>\n"
        let error = try #require(throws: ExportError.self) { try readAll(xml) }
        #expect(error.code == .malformed)
        #expect(error.message.contains("lol9"))
    }

    @Test("Entities and character references in values are decoded once")
    func entities() throws {
        let xml = export(
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tom &amp; Jerry&#8217;s" startDate="2024-05-30 10:00:00 +0200" endDate="2024-05-30 10:05:00 +0200" value="30">
              <MetadataEntry key="url" value="a?b=1&amp;amp;c=2"/>
             </Record>
            """)
        let sample = try #require(try readAll(xml).records.last?.quantity)
        #expect(sample.header.sourceName == "Tom & Jerry’s")
        #expect(sample.metadata.first?.value == "a?b=1&amp;c=2")
    }

    @Test("Records come out the same whatever the chunk size", arguments: [1, 7, 100, 1 << 16])
    func chunkSizes(chunk: Int) throws {
        let path = repositoryRoot + "/SampleExports/v14-2025/export.xml"
        let reference = try ExportReader(path: path)
        var expected: [HealthRecord] = []
        _ = try reference.read { expected.append($0) }
        let bytes = try fileBytes(path)
        let reader = ExportReader(source: MemorySource(bytes: bytes, chunk: chunk))
        var actual: [HealthRecord] = []
        _ = try reader.read { actual.append($0) }
        #expect(actual == expected)
    }

    @Test("Unknown attributes of iOS 8 records, even with spaces in their names, become metadata")
    func legacyAttributes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="de_DE">
             <ExportDate value="20150915113529+0200"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Withings" unit="kg" creationDate="20150718161649+0200" startDate="20150718103801+0200" endDate="20150718103801+0200" Health Mate App Version="2.6.2" HKWasUserEntered="1" value="80.1"/>
            </HealthData>
            """
        let (records, report) = try readAll(xml, chunk: 13)
        let weight = try #require(records.last?.weight)
        #expect(weight.header.sourceName == "Withings")
        #expect(weight.kilograms == 80.1)
        #expect(
            weight.metadata == [
                MetadataEntry(key: "Health_Mate_App_Version", value: "2.6.2"),
                MetadataEntry(key: "HKWasUserEntered", value: "1"),
            ])
        #expect(report.repairedLegacyAttributes)
    }
    /// iOS 8 wrote no `value` where it was 0: Jawbone's nights come as a value-less record and a
    /// `value="1"` one over the same hours, in bed and asleep.
    @Test("An iOS 8 sleep record without a value is in bed; a mindful session stays without one")
    func legacySleepInBed() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="de_DE">
             <ExportDate value="20150915113529+0200"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" source="UP" unit="" creationDate="20141202154721+0200" startDate="20141202014500+0200" endDate="20141202102500+0200"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" source="UP" unit="" creationDate="20141202154721+0200" startDate="20141202014500+0200" endDate="20141202102500+0200" value="1"/>
             <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" creationDate="2024-05-01 08:01:00 +0200" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:01:00 +0200"/>
            </HealthData>
            """
        let categories = try readAll(xml).records.compactMap { record -> CategorySample? in
            guard case .category(let sample) = record else { return nil }
            return sample
        }
        #expect(
            categories.map(\.value) == [
                "HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepUnspecified", nil,
            ])
        #expect(categories.map(\.rawValue) == [0, 1, nil])
    }
    @Test("An iOS 8 aggregate without a value (min, max, average) has its average as value")
    func legacyAggregate() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="de_DE">
             <ExportDate value="20150915113529+0200"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" source="Withings" unit="count/s" startDate="20150908193500+0200" endDate="20150908203500+0200" min="0.85" max="0.9" average="0.883333" recordCount="3"/>
            </HealthData>
            """
        let sample = try #require(try readAll(xml).records.last?.quantity)
        #expect(sample.value == 0.883_333)
        #expect(sample.unit == "count/s")
        #expect(sample.metadata.contains(MetadataEntry(key: "recordCount", value: "3")))
    }
}
