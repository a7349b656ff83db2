import HealthCore
import HealthExport
import HealthFixtures
import Testing

@Suite struct RecordIdentityTests {
    static let watch =
        "&lt;&lt;HKDevice: 0x283a1c0f0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
    static let watchElsewhere =
        "&lt;&lt;HKDevice: 0x600002b1c&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"

    func weight(_ value: String, unit: String, start: String, device: String = watch) -> String {
        minimalExport(
            """
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Anna’s iPhone" unit="\(unit)" device="\(device)" creationDate="\(start)" startDate="\(start)" endDate="\(start)" value="\(value)"/>
            """)
    }

    @Test("The same measurement exported from another time zone keeps its UUID")
    func otherTimeZone() throws {
        let paris = try ids(weight("70.2", unit: "kg", start: "2024-05-30 08:00:00 +0200"))
        let newYork = try ids(weight("70.2", unit: "kg", start: "2024-05-30 02:00:00 -0400"))
        #expect(paris == newYork)
        #expect(paris.count == 1)
    }

    @Test(
        "The same weight exported in pounds, stones or grams keeps its UUID",
        arguments: [
            ("154.765", "lb"), ("154.8", "lb"), ("154.76450805378406", "lb"), ("11.0546", "st"), ("70200", "g"),
        ])
    func otherUnit(value: String, unit: String) throws {
        let kilograms = try ids(weight("70.2", unit: "kg", start: "2024-05-30 08:00:00 +0200"))
        let other = try ids(weight(value, unit: unit, start: "2024-05-30 08:00:00 +0200"))
        #expect(kilograms == other)
    }

    @Test("Another HKDevice address does not change the UUID")
    func otherDeviceAddress() throws {
        let first = try ids(weight("70.2", unit: "kg", start: "2024-05-30 08:00:00 +0200"))
        let second = try ids(
            weight("70.2", unit: "kg", start: "2024-05-30 08:00:00 +0200", device: Self.watchElsewhere))
        #expect(first == second)
    }

    @Test("Attribute order does not change the UUID")
    func attributeOrder() throws {
        let ordered = try ids(
            minimalExport(
                """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
                """))
        let shuffled = try ids(
            minimalExport(
                """
                 <Record value="512" endDate="2024-05-30 08:10:00 +0200" unit="count" startDate="2024-05-30 08:00:00 +0200" sourceName="Phone" type="HKQuantityTypeIdentifierStepCount"/>
                """))
        #expect(ordered == shuffled)
    }

    @Test("A workout keeps its UUID when its totals move from attributes into statistics")
    func workoutTotalsMoved() throws {
        let old = try ids(
            minimalExport(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalDistance="5.2" totalDistanceUnit="km" totalEnergyBurned="320" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200"/>
                """))
        let new = try ids(
            minimalExport(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-05-30 01:00:00 -0400" endDate="2024-05-30 01:30:00 -0400">
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-05-30 01:00:00 -0400" endDate="2024-05-30 01:30:00 -0400" sum="3.23113" unit="mi"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-30 01:00:00 -0400" endDate="2024-05-30 01:30:00 -0400" sum="1338.88" unit="kJ"/>
                 </Workout>
                """))
        #expect(old == new)
    }

    @Test("An old numeric sleep value and its modern name give the same UUID")
    func categoryNames() throws {
        let old = try ids(
            minimalExport(
                """
                 <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Phone" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="1"/>
                """))
        let new = try ids(
            minimalExport(
                """
                 <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Phone" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleep"/>
                """))
        #expect(old == new)
    }

    @Test("Two weighings in the same minute get two UUIDs, and a repeated record keeps one")
    func sameInstantOtherValue() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.1"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.4"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.1"/>
            """
        let all = try ids(minimalExport(body))
        #expect(all.count == 3)
        #expect(all[0] != all[1])
        #expect(all[0] == all[2])
        let inPounds = try ids(
            minimalExport(
                body.replacingOccurrences(of: "unit=\"kg\"", with: "unit=\"lb\"")
                    .replacingOccurrences(of: "70.1", with: "154.545").replacingOccurrences(of: "70.4", with: "155.207")
            ))
        #expect(inPounds[0] == all[0])
    }

    @Test("Different measurements never share a UUID")
    func noCollisions() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="513"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:01 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:01 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierFlightsClimbed" sourceName="Phone" unit="count" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:10:00 +0200" value="512"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.1"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.2"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepREM"/>
             <ActivitySummary dateComponents="2024-05-29" activeEnergyBurned="1"/>
             <ActivitySummary dateComponents="2024-05-30" activeEnergyBurned="1"/>
            """
        let all = try ids(minimalExport(body))
        #expect(all.count == 12)
        #expect(Set(all).count == all.count)
    }

    @Test("IDs are RFC 4122 version-5 UUIDs and print in canonical form")
    func format() throws {
        let id = try #require(try ids(weight("70.2", unit: "kg", start: "2024-05-30 08:00:00 +0200")).first)
        let text = id.description
        #expect(text.count == 36)
        #expect(Array(text)[14] == "5")
        #expect("89AB".contains(Array(text)[19]))
        #expect(RecordID(text) == id)
    }

    @Test("Every byte of an ID prints as its two uppercase hex digits, dashes in place")
    func everyDigit() {
        func reference(_ id: RecordID) -> String {
            let digits = [id.high, id.low].map { word in
                let text = String(word, radix: 16, uppercase: true)
                return String(repeating: "0", count: 16 - text.count) + text
            }.joined()
            let characters = Array(digits)
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
        }
        var words: [UInt64] = [0, .max, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, 0x0F0F_F0F0_9A9A_A9A9]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            words.append(state)
        }
        for (high, low) in zip(words, words.reversed()) {
            let id = RecordID(high: high, low: low)
            #expect(id.description == reference(id))
            #expect(RecordID(id.description) == id)
        }
        #expect(
            RecordID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210).description
                == "01234567-89AB-CDEF-FEDC-BA9876543210")
    }

    @Test("The canonical name behind an ID is documented and stable")
    func canonicalName() throws {
        let start = try #require(TimestampParser.parse("2024-05-30 08:00:00 +0200"))
        let sample = WeightSample(
            header: SampleHeader(
                type: "HKQuantityTypeIdentifierBodyMass", sourceName: "Scale", startDate: start, endDate: start),
            kilograms: 70.2, value: 70.2, unit: "kg")
        var identity = RecordIdentity()
        #expect(
            identity.canonicalName(of: .weight(sample))
                == "HKQuantityTypeIdentifierBodyMass\u{1F}Scale\u{1F}1717048800\u{1F}1717048800\u{1F}\u{1F}")
        var other = RecordIdentity()
        #expect(identity.id(of: .weight(sample)) == other.id(of: .weight(sample)))
    }
}
