import Foundation
import Testing

/// Importing again: the very same export, with `--force`, a newer export, and the same records
/// exported from another time zone in another unit.
@Suite(.serialized) struct ImportRepeatTests {
    static let export = GeneratedExport(records: 3_000, days: 60)

    func importJSON(_ arguments: [String]) throws -> (result: CLI.Result, json: [String: Any]) {
        let result = try CLI.run(["import"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return (result, try jsonObject(result.stdout))
    }

    func total(_ json: [String: Any]) throws -> ImportCommandTests.Counts {
        try ImportCommandTests.Counts(json: json["total"])
    }

    @Test("The same export twice: the second run says so and adds nothing; --force reads it again and adds nothing")
    func sameExportTwice() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.export.write(to: folder)
        let database = folder + "/health.sqlite"

        let first = try importJSON([path, "--all", "--db", database])
        let firstTotal = try total(first.json)
        #expect(firstTotal.new == firstTotal.read)
        let stored = try StoreInspection.dump(database)

        let second = try CLI.run(["import", path, "--all", "--db", database])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("\(path) is the export imported on"), "\(second.stderr)")
        #expect(second.stderr.contains("(import #1); nothing to do (--force to read it again)"))
        #expect(second.stdout.isEmpty)
        let secondJSON = try CLI.run(["import", path, "--all", "--db", database, "--json", "--quiet"])
        #expect(secondJSON.status == 0)
        #expect(try jsonObject(secondJSON.stdout)["sameExportAs"] as? Int == 1)
        #expect(try StoreInspection.dump(database) == stored)

        let forced = try importJSON([path, "--all", "--db", database, "--force"])
        let forcedTotal = try total(forced.json)
        #expect(forcedTotal.new == 0, "\(forced.result.stderr)")
        #expect(forcedTotal.alreadyImported == firstTotal.read)
        #expect(forcedTotal.addsUp)
        #expect(try StoreInspection.dump(database) == stored)
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["completed", "completed"])
    }

    @Test("The same export imported with the default window, then --all: the second run backfills the older records")
    func sameExportWiderWindow() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.export.write(to: folder)
        let database = folder + "/health.sqlite"
        let clean = folder + "/clean.sqlite"

        let recent = try total(try importJSON([path, "--db", database]).json)
        #expect(recent.outsideWindow > 0)
        let backfill = try importJSON([path, "--all", "--db", database])
        let backfillTotal = try total(backfill.json)
        #expect(!backfill.result.stderr.contains("nothing to do"), "\(backfill.result.stderr)")
        #expect(backfillTotal.new == recent.outsideWindow)
        #expect(backfillTotal.alreadyImported == recent.new)
        _ = try importJSON([path, "--all", "--db", clean])
        let dump = try StoreInspection.dump(database)
        let cleanDump = try StoreInspection.dump(clean)
        #expect(dump == cleanDump, "\(StoreInspection.difference(dump, cleanDump))")

        // Now the whole history is in: any window of the same export has nothing to do.
        for window in [[], ["--all"], ["--days", "7"]] {
            let again = try CLI.run(["import", path, "--db", database] + window)
            #expect(again.status == 0)
            #expect(again.stderr.contains("nothing to do"), "\(window): \(again.stderr)")
        }
    }

    @Test("A newer export adds exactly its new records: the store ends equal to a clean import of the newer one")
    func newerExport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let older = try Self.export.write(to: folder, name: "older.xml")
        let newer = try Self.export.newer(records: 250).write(to: folder, name: "newer.xml")
        let database = folder + "/health.sqlite"
        let clean = folder + "/clean.sqlite"

        let first = try total(try importJSON([older, "--all", "--db", database]).json)
        let second = try importJSON([newer, "--db", database])
        let secondTotal = try total(second.json)
        let reference = try total(try importJSON([newer, "--all", "--db", clean]).json)

        #expect(secondTotal.new == reference.new - first.new, "\(second.result.stderr)")
        // 250 records, two blood pressure readings (and their two members each), two runs, two days of rings.
        #expect(secondTotal.new == 250 + 2 + 4 + 2 + 2)
        #expect(secondTotal.alreadyImported == first.read, "everything, the unchanged profile too")
        #expect(secondTotal.addsUp)
        let dump = try StoreInspection.dump(database)
        let cleanDump = try StoreInspection.dump(clean)
        // One profile row, the newer export's; the rest equals the clean import of the newer export.
        #expect(dump["exports"]?.count == 1)
        #expect(dump["exports"] == cleanDump["exports"])
        var withoutExports = dump
        var cleanWithoutExports = cleanDump
        withoutExports["exports"] = nil
        cleanWithoutExports["exports"] = nil
        #expect(
            withoutExports == cleanWithoutExports,
            "\(StoreInspection.difference(withoutExports, cleanWithoutExports))")
    }

    @Test("The same records exported in another time zone with pounds add nothing, even after the anchors are reset")
    func otherTimeZoneAndUnit() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Self.export.write(to: folder, name: "chicago.xml")
        let travelling = try Self.export.reexported(offsetMinutes: 540, weightUnit: "lb").write(
            to: folder, name: "tokyo.xml")
        let database = folder + "/health.sqlite"
        #expect(try String(contentsOfFile: travelling, encoding: .utf8).contains("unit=\"lb\""))
        #expect(try String(contentsOfFile: travelling, encoding: .utf8).contains(" +0900\""))

        let first = try total(try importJSON([original, "--all", "--db", database]).json)
        let stored = try StoreInspection.dump(database)
        var storedRecords = stored
        storedRecords["anchors"] = nil

        // The anchors alone recognise them.
        let again = try importJSON([travelling, "--all", "--db", database])
        let againTotal = try total(again.json)
        #expect(againTotal.new == 0, "\(again.result.stderr)")
        #expect(againTotal.alreadyImported == first.read)
        #expect(try StoreInspection.dump(database) == stored)

        // Without anchors every record is looked up by its ID: the same IDs, so nothing is added.
        let reset = try CLI.run(["anchors", "reset", "--db", database])
        #expect(reset.status == 0)
        #expect(reset.stderr.contains("reset "), "\(reset.stderr)")
        let lookedUp = try importJSON([travelling, "--all", "--db", database, "--force"])
        let lookedUpTotal = try total(lookedUp.json)
        #expect(lookedUpTotal.new == 0, "\(lookedUp.result.stderr)")
        #expect(lookedUpTotal.alreadyImported == first.read)
        var after = try StoreInspection.dump(database)
        after["anchors"] = nil
        #expect(after == storedRecords, "\(StoreInspection.difference(after, storedRecords))")
        // Weights stay as first written: kilograms.
        let units = try StoreInspection.read(database) { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT unit FROM weight_samples")
        }
        #expect(units == ["kg"])
    }
}
