import Foundation
import Testing

/// `import`, `status` and `anchors` on the sample exports, as a user runs them.
@Suite(.serialized) struct ImportCommandTests {
    /// The per-type counts of `import --json`, and the `total` line of the text table on standard error.
    struct Counts: Equatable {
        var new = 0
        var updated = 0
        var deleted = 0
        var alreadyImported = 0
        var repeated = 0
        var outsideWindow = 0
        var invalid = 0
        var read = 0

        init(new: Int = 0, alreadyImported: Int = 0, outsideWindow: Int = 0, invalid: Int = 0, read: Int = 0) {
            (self.new, self.alreadyImported, self.outsideWindow, self.invalid, self.read) =
                (new, alreadyImported, outsideWindow, invalid, read)
        }

        init(json: Any?) throws {
            let object = try #require(json as? [String: Int], "\(String(describing: json))")
            new = try #require(object["new"])
            updated = try #require(object["updated"])
            deleted = try #require(object["deleted"])
            repeated = try #require(object["repeated"])
            alreadyImported = try #require(object["alreadyImported"])
            outsideWindow = try #require(object["outsideWindow"])
            invalid = try #require(object["invalid"])
            read = try #require(object["read"])
        }

        var addsUp: Bool { new + updated + alreadyImported + repeated + outsideWindow + invalid == read }

        /// The row of the text table: new, updated, deleted, already, repeated, outside, invalid.
        var row: [Int] { [new, updated, deleted, alreadyImported, repeated, outsideWindow, invalid] }
    }

    /// The rows of the text table on standard error: type → (new, updated, deleted, already,
    /// repeated, outside, invalid).
    static func table(_ stderr: String) -> [String: [Int]] {
        var rows: [String: [Int]] = [:]
        for line in stderr.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 8, fields[0] != "type" else { continue }
            let numbers = fields.dropFirst().compactMap { Int($0) }
            if numbers.count == 7 { rows[String(fields[0])] = numbers }
        }
        return rows
    }

    @Test(
        "import, status and anchors on a sample export: exit 0, counts that add up, JSON that matches the table, a store sqlite3 reads",
        arguments: ["v14-2025/export.xml", "zip/export.zip"])
    func importStatusAnchors(sample: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"

        let result = try CLI.run(["import", CLI.sample(sample), "--db", database, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("healthimport: import #1 into \(database) (last 30 days)"), "\(result.stderr)")
        let json = try jsonObject(result.stdout)
        #expect(json["importId"] as? Int == 1)
        let total = try Counts(json: json["total"])
        #expect(total.addsUp, "\(total)")
        #expect(total.new > 0)
        #expect(total.outsideWindow > 0, "the default window leaves the older records out")
        let types = try #require(json["types"] as? [String: Any])
        var sum = Counts()
        let table = Self.table(result.stderr)
        for (type, value) in types {
            let counts = try Counts(json: value)
            #expect(counts.addsUp, "\(type): \(counts)")
            #expect(table[type] == counts.row, "\(type)")
            sum.new += counts.new
            sum.updated += counts.updated
            sum.deleted += counts.deleted
            sum.repeated += counts.repeated
            sum.alreadyImported += counts.alreadyImported
            sum.outsideWindow += counts.outsideWindow
            sum.invalid += counts.invalid
            sum.read += counts.read
        }
        #expect(sum == total)
        #expect(table["total"] == total.row)

        // The import read the export's records (as `summary` counts them) and the export's own row.
        let summary = try CLI.run(["summary", CLI.sample(sample), "--json"])
        #expect(try jsonObject(summary.stdout)["records"] as? Int == total.read - 1)
        #expect(types["HealthExport"].map { try? Counts(json: $0) }??.new == 1)

        // status: the run, completed, and a row count per imported type that matches its new count.
        let status = try CLI.run(["status", "--db", database, "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let statusJSON = try jsonObject(status.stdout)
        let runs = try #require(statusJSON["imports"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs.first?["outcome"] as? String == "completed")
        #expect(runs.first?["new"] as? Int == total.new)
        #expect(runs.first?["window"] as? String == "last 30 days")
        let statusTypes = try #require(statusJSON["types"] as? [[String: Any]])
        let rowsByType = Dictionary(
            statusTypes.compactMap { object in (object["type"] as? String).map { ($0, object["rows"] as? Int ?? -1) } },
            uniquingKeysWith: { $1 })
        for (type, value) in types {
            let counts = try Counts(json: value)
            guard counts.new > 0 else { continue }
            #expect(rowsByType[type] == counts.new, "\(type)")
        }
        let statusText = try CLI.run(["status", "--db", database])
        #expect(statusText.status == 0)
        #expect(statusText.stdout.contains("#1 "))
        #expect(statusText.stdout.contains(" completed "))

        // anchors: one per type the run stored, all covering the same window.
        let anchors = try CLI.run(["anchors", "--db", database, "--json"])
        #expect(anchors.status == 0, "\(anchors.stderr)")
        let anchorList = try #require(
            try JSONSerialization.jsonObject(with: Data(anchors.stdout.utf8)) as? [[String: Any]], "\(anchors.stdout)")
        let storedTypes = try Set(types.filter { try Counts(json: $0.value).new > 0 }.keys)
        #expect(Set(anchorList.compactMap { $0["type"] as? String }) == storedTypes)
        #expect(Set(anchorList.compactMap { $0["coveredStart"] as? String }).count == 1)
        let anchorsText = try CLI.run(["anchors", "--db", database])
        #expect(anchorsText.status == 0)
        #expect(anchorsText.lines.count == anchorList.count + 1)

        // The store is plain SQLite: sound, and its views answer.
        #expect(try StoreInspection.integrity(database) == "ok")
        try #require(SQLiteShell.path != nil, "the sqlite3 shell is needed here: apt-get install sqlite3")
        let check = try SQLiteShell.query(database, "PRAGMA integrity_check")
        #expect(check.status == 0 && check.lines == ["ok"], "\(check.errors)")
        for view in ["weight_over_time", "daily_steps", "resting_heart_rate", "sleep_by_night", "workout_overview"] {
            let rows = try SQLiteShell.query(database, "SELECT * FROM \(view)")
            #expect(rows.status == 0, "\(view): \(rows.errors)")
            #expect(!rows.lines.isEmpty, "\(view) returned no rows")
        }
        let steps = try SQLiteShell.query(
            database, "SELECT count(*) FROM quantity_samples WHERE type = 'HKQuantityTypeIdentifierStepCount'")
        #expect(steps.lines == [String(rowsByType["HKQuantityTypeIdentifierStepCount"] ?? -1)])
    }

    @Test("anchors reset --type takes the names every --type takes, and says when none names an anchor")
    func resetAnchorsByName() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        #expect(try CLI.run(["import", CLI.sample("zip/export.zip"), "--all", "--db", database, "-q"]).status == 0)
        let anchoredTypes = {
            try CLI.run(["anchors", "--db", database]).lines.dropFirst().map { String($0.prefix { $0 != " " }) }
        }
        let before = try anchoredTypes()
        let steps = try CLI.run(["anchors", "reset", "--type", "steps", "--type", "workouts", "--db", database])
        #expect(steps.status == 0, "\(steps.stderr)")
        let workouts = before.filter { $0.hasPrefix("HKWorkoutActivityType") }
        #expect(steps.stderr.contains("reset \(1 + workouts.count) anchors"), "\(steps.stderr)")
        #expect(
            try anchoredTypes()
                == before.filter { $0 != "HKQuantityTypeIdentifierStepCount" && !workouts.contains($0) })
        let unknown = try CLI.run(["anchors", "reset", "--type", "nosuch", "--db", database])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("the store has no anchor of nosuch"), "\(unknown.stderr)")
        #expect(try CLI.run(["anchors", "reset", "--type", "no such", "--db", database]).status == 64)
    }

    @Test("status and anchors on a store that does not exist fail with a message, and create nothing")
    func missingStore() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in ["status", "anchors"] {
            let result = try CLI.run([command, "--db", folder + "/absent.sqlite"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("absent.sqlite"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // An empty name is a usage error; a folder is named as one.
        #expect(try CLI.run(["status", "--db", ""]).status == 64)
        let onFolder = try CLI.run(["import", CLI.sample("zip/export.zip"), "--db", folder])
        #expect(onFolder.status == 1)
        #expect(
            onFolder.stderr
                == "healthimport: error: \(folder) is a folder, not a store: give the store's file, such as \(folder)/health.sqlite\n"
        )
    }
}
