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
        let other = try Tool.healthimport(["stats", "--type", "steps"] + postgres.dropLast() + ["nobody-here"])
        #expect(other.status != 0)
        #expect(other.stderr.contains("no samples of steps"))
    }
}
