import Foundation
import Testing

/// The `Me` profile is one record per store: a newer export updates it in place.
@Suite(.serialized) struct ImportProfileTests {
    static let export = "HealthExport"

    static func me(bloodType: String) -> String {
        """
        <Me HKCharacteristicTypeIdentifierDateOfBirth="1995-02-15" \
        HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" \
        HKCharacteristicTypeIdentifierBloodType="\(bloodType)"/>
        """
    }

    func query(_ database: String, _ sql: String) throws -> [String] {
        let result = try SQLiteShell.query(database, sql)
        #expect(result.status == 0, "\(result.errors)")
        return result.lines
    }

    @Test("The same profile in a newer export is already imported; a changed one is updated in its one row")
    func profileUpdatedInPlace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let sample = CorrectionExport.heartRate(minute: 0)
        let first = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june1, elements: [Self.me(bloodType: "HKBloodTypeNotSet"), sample]
        ).write(to: folder, name: "june1.xml")
        let same = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june3, elements: [Self.me(bloodType: "HKBloodTypeNotSet"), sample]
        ).write(to: folder, name: "june3.xml")
        let changed = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june5, elements: [Self.me(bloodType: "HKBloodTypeAPositive"), sample]
        ).write(to: folder, name: "june5.xml")

        let one = try CorrectionRun.run([first, "--db", database])
        #expect(one.result.status == 0, "\(one.result.stderr)")
        #expect(one.types[Self.export] == CorrectionCounts(new: 1, read: 1), "\(one.result.stdout)")
        #expect(one.addsUp)

        let two = try CorrectionRun.run([same, "--db", database])
        #expect(two.types[Self.export] == CorrectionCounts(already: 1, read: 1), "\(two.result.stdout)")
        #expect(two.addsUp)
        #expect(try query(database, "SELECT count(*), substr(export_date, 1, 10) FROM exports") == ["1|2025-06-03"])

        let again = try CorrectionRun.run([same, "--db", database, "--force"])
        #expect(again.types[Self.export] == CorrectionCounts(already: 1, read: 1), "\(again.result.stdout)")
        #expect(again.addsUp)

        let three = try CorrectionRun.run([changed, "--db", database])
        #expect(three.types[Self.export] == CorrectionCounts(updated: 1, read: 1), "\(three.result.stdout)")
        #expect(three.addsUp)
        #expect(try query(database, "SELECT count(*) FROM exports") == ["1"])
        #expect(
            try query(database, "SELECT substr(export_date, 1, 10), json_extract(profile, '$.BloodType') FROM profile")
                == ["2025-06-05|HKBloodTypeAPositive"])

        // An older export read later changes nothing.
        let old = try CorrectionRun.run([first, "--db", database, "--force"])
        #expect(old.types[Self.export] == CorrectionCounts(already: 1, read: 1), "\(old.result.stdout)")
        #expect(
            try query(database, "SELECT substr(export_date, 1, 10), json_extract(profile, '$.BloodType') FROM exports")
                == ["2025-06-05|HKBloodTypeAPositive"])
    }

    @Test("records --state prints the profile of a newer export only when it changed")
    func profileInRecordsState() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = folder + "/state.json"
        let sample = CorrectionExport.heartRate(minute: 0)
        let first = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june1, elements: [Self.me(bloodType: "HKBloodTypeNotSet"), sample]
        ).write(to: folder, name: "june1.xml")
        let same = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june3, elements: [Self.me(bloodType: "HKBloodTypeNotSet"), sample]
        ).write(to: folder, name: "june3.xml")
        let changed = try CorrectionExport(
            exportDate: ImportCorrectionsTests.june5, elements: [Self.me(bloodType: "HKBloodTypeAPositive"), sample]
        ).write(to: folder, name: "june5.xml")
        func profileLines(_ path: String) throws -> [String] {
            let run = try CLI.run(["records", path, "--state", state, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("\"profile\"") }
        }

        #expect(try profileLines(first).count == 1)
        #expect(try profileLines(same).isEmpty, "an unchanged profile is already known")
        let updated = try profileLines(changed)
        #expect(updated.count == 1)
        #expect(updated.first?.contains("HKBloodTypeAPositive") == true, "\(updated)")
        #expect(try profileLines(changed).isEmpty, "the same export again")
    }
}
