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

    /// Three exports of one heart-rate sample: June 1st, June 3rd with the same profile, June
    /// 5th with a blood type added.
    static func writeExports(to folder: String) throws -> (first: String, same: String, changed: String) {
        let sample = CorrectionExport.heartRate(minute: 0)
        func write(_ date: String, _ bloodType: String, _ name: String) throws -> String {
            try CorrectionExport(exportDate: date, elements: [me(bloodType: bloodType), sample])
                .write(to: folder, name: name)
        }
        return (
            try write(ImportCorrectionsTests.june1, "HKBloodTypeNotSet", "june1.xml"),
            try write(ImportCorrectionsTests.june3, "HKBloodTypeNotSet", "june3.xml"),
            try write(ImportCorrectionsTests.june5, "HKBloodTypeAPositive", "june5.xml")
        )
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
        let (first, same, changed) = try Self.writeExports(to: folder)

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
        let (first, same, changed) = try Self.writeExports(to: folder)
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
