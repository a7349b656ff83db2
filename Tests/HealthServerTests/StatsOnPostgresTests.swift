#if PostgreSQL
import Foundation
import Testing

@Suite("stats on a PostgreSQL store", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct StatsOnPostgresTests {
    @Test("stats --db postgresql:// prints what it prints for an SQLite store of the same export")
    func sameAsSQLite() throws {
        let export = Tool.repositoryRoot + "/SampleExports/v14-2025/export.xml"
        let folder = NSTemporaryDirectory() + "healthimport-stats-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = folder + "/health.sqlite"
        let person = TestPostgres.freshPerson("stats")
        let postgres = ["--db", TestPostgres.url!, "--person", person]
        for store in [["--db", sqlite], postgres] {
            let imported = try Tool.healthimport(["import", "--all", export] + store)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        for query in [
            ["--type", "steps", "--json"], ["--type", "heart-rate", "--by", "week"],
            ["--type", "sleep", "--by", "night", "--csv"],
        ] {
            let expected = try Tool.healthimport(["stats", "--db", sqlite] + query)
            let answer = try Tool.healthimport(["stats"] + postgres + query)
            #expect(expected.status == 0, "\(expected.stderr)")
            #expect(answer.status == 0, "\(answer.stderr)")
            #expect(answer.stdout.split(separator: "\n").count > 1, "\(query)")
            #expect(answer.stdout == expected.stdout, "\(query)")
        }
        // A person the database knows, with no rows of theirs.
        let nobodyHere = TestPostgres.freshPerson("nobody")
        #expect(try Tool.healthimport(["people", "add", nobodyHere, "--db", TestPostgres.url!]).status == 0)
        let other = try Tool.healthimport(["stats", "--type", "steps"] + postgres.dropLast() + [nobodyHere])
        #expect(other.status != 0)
        #expect(other.stderr.contains("no samples of steps"))
    }

    @Test("sources --db postgresql:// lists and saves the order as on SQLite, and stats follow it")
    func sourcesAsSQLite() throws {
        let export = Tool.repositoryRoot + "/SampleExports/v14-2025/export.xml"
        let folder = NSTemporaryDirectory() + "healthimport-sources-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = ["--db", folder + "/health.sqlite"]
        let postgres = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("sources")]
        for store in [sqlite, postgres] {
            let imported = try Tool.healthimport(["import", "--all", export] + store)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let listed = try Tool.healthimport(["sources"] + postgres)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Daniel’s Apple Watch"))
        #expect(listed.stdout == (try Tool.healthimport(["sources"] + sqlite)).stdout)

        // The iPhone first: the energy both sources counted is the iPhone's now, on both stores.
        let order = ["--priority", "Daniel’s iPhone,Health"]
        let saved = try Tool.healthimport(["sources"] + postgres + order)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.split(separator: "\n")[1].contains("Daniel’s iPhone"))
        #expect(saved.stdout == (try Tool.healthimport(["sources"] + sqlite + order)).stdout)
        #expect(!saved.stderr.contains("note:"), "\(saved.stderr)")
        // A name no source has (a typo, or the device's model rather than the source's name) is saved, with a note.
        for store in [sqlite, postgres] {
            let typo = try Tool.healthimport(["sources"] + store + ["--priority", "Daniel’s iPhone,Apple Watch"])
            #expect(typo.status == 0, "\(typo.stderr)")
            #expect(typo.stderr.contains("no source of the store is named 'Apple Watch'"), "\(typo.stderr)")
            #expect(!typo.stderr.contains("Daniel’s iPhone"))
        }
        _ = try Tool.healthimport(["sources"] + sqlite + order)
        _ = try Tool.healthimport(["sources"] + postgres + order)
        for query in [["--type", "active-energy", "--json"], ["--type", "sleep", "--by", "night"]] {
            let expected = try Tool.healthimport(["stats"] + sqlite + query)
            let answer = try Tool.healthimport(["stats"] + postgres + query)
            #expect(answer.status == 0, "\(answer.stderr)")
            #expect(answer.stdout.split(separator: "\n").count > 1, "\(query)")
            #expect(answer.stdout == expected.stdout, "\(query)")
        }
    }
}
#endif
