import HealthCore
import HealthFixtures
import Testing

/// UUIDs that stores and state files already hold: any change to how names are built or hashed
/// shows here.
@Suite struct RecordIdentityPinTests {
    static let body = """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Anna’s Apple Watch" unit="count/min" creationDate="2024-05-30 08:01:07 +0200" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="61"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.1"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="70.4"/>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="0.21"/>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" startDate="2024-05-30 08:00:00 +0200" endDate="2024-05-30 08:00:00 +0200" value="0.215"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="1969-12-31 23:59:00 +0000" endDate="1970-01-01 00:00:09 +0000" value="12"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-30 01:00:00 +0200" endDate="2024-05-30 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleep"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:00:00 +0200" value="79"/>
         </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-05-30 07:00:00 +0200" endDate="2024-05-30 07:30:00 +0200"/>
         <ActivitySummary dateComponents="2024-05-29" activeEnergyBurned="1"/>
        """

    @Test(
        "Every kind of name keeps the UUID it has always had: creation dates, colliding values, times before 1970, members"
    )
    func pinned() throws {
        let all = try ids(minimalExport(Self.body)).map(\.description)
        #expect(
            all == [
                "4564A294-80F8-52C4-98CA-2D165BE1543A",  // heart rate, with a creation date
                "44530475-20D0-54E8-B875-EC3283236F69",  // weight
                "724C07CA-D3C7-530B-864A-C7D948E1D6AF",  // second weight in the same second: value added
                "7DA067C4-2614-55C9-BA28-F721F1A233D7",  // body fat
                "9C6365C3-D12C-5DDF-884E-152EB02A6873",  // second body fat: value with a negative exponent
                "EE8297C3-538D-5897-B95B-B092D61FE82C",  // steps starting before 1970: a negative number
                "C774C8A7-2BC4-5CA3-8121-E2A2CF533189",  // sleep, old value name
                "195DB772-2B81-5061-82FB-B96319E0F39E",  // blood pressure, from its members' UUIDs
                "3CD2C38A-EAEA-51E0-B7BA-4A16B5458394",  // systolic
                "8EF7879D-04CC-5A6B-9A7F-74C62DDB895E",  // diastolic
                "DC20508A-27CA-5E48-A63E-11909AFEB288",  // workout
                "CBF06CC6-9B90-5B99-A471-1DE2FB204BA6",  // activity summary
            ])
    }

    @Test("A name's UUID is the RFC 4122 version-5 UUID in this project's namespace, as other libraries compute it")
    func byName() {
        #expect(RecordID(name: "").description == "7841259A-B468-5247-852E-97CE20E4E3F5")
        #expect(
            RecordID(name: "export\u{1F}1717225200\u{1F}").description
                == "18C7CB34-8485-5E8A-9516-0F1A9E62A99A")
    }
}
