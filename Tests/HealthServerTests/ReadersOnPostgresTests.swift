#if PostgreSQL
import Foundation
import Testing

/// `report` and `mcp` on a person's rows of a PostgreSQL store: what they give for an SQLite
/// store of the same export, the page's header and the times of the import aside.
@Suite("report and mcp on a PostgreSQL store", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ReadersOnPostgresTests {
    /// One export imported into an SQLite store and for a fresh person of the test database;
    /// another person with another export beside them, whose rows must never show.
    final class Stores {
        let folder = NSTemporaryDirectory() + "healthimport-readers-" + UUID().uuidString
        let sqlite: [String]
        let postgres: [String]

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            sqlite = ["--db", folder + "/health.sqlite"]
            postgres = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("readers")]
            let export = Tool.repositoryRoot + "/SampleExports/v14-2025/export.xml"
            let neighbour = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("readers-other")]
            for (store, file) in [
                (sqlite, export), (postgres, export),
                (neighbour, Tool.repositoryRoot + "/SampleExports/zip/export.zip"),
            ] {
                let imported = try Tool.healthimport(["import", "--all", file, "-q"] + store)
                #expect(imported.status == 0, "\(imported.stderr)")
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test("report --db postgresql:// --person writes the SQLite store's page, its header line aside")
    func report() throws {
        let stores = try Stores()
        var pages: [String] = []
        for (name, store) in [("sqlite", stores.sqlite), ("postgres", stores.postgres)] {
            let output = "\(stores.folder)/\(name).html"
            let written = try Tool.healthimport(["report", "-o", output] + store)
            #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
            pages.append(try String(contentsOfFile: output, encoding: .utf8))
        }
        let (sqlite, postgres) = (Self.withoutHeader(pages[0]), Self.withoutHeader(pages[1]))
        #expect(pages[1].contains("(person \(stores.postgres[3]))"))
        for chart in ["weight", "steps", "resting-heart-rate", "hrv", "sleep", "workouts", "rings"] {
            #expect(postgres.contains("id=\"\(chart)\" data-points=\""), "\(chart)")
        }
        #expect(postgres.contains("Workout: Swim bike run"))
        #expect(Self.withoutImportNumbers(postgres) == Self.withoutImportNumbers(sqlite))
    }

    @Test(
        "status --json of the person is the SQLite store's, the import times aside; an unknown person is refused by every reader; one added without imports has none yet"
    )
    func status() throws {
        let stores = try Stores()
        let sqlite = try Tool.healthimport(["status", "--json"] + stores.sqlite)
        let postgres = try Tool.healthimport(["status", "--json"] + stores.postgres)
        #expect(sqlite.status == 0 && postgres.status == 0, "\(postgres.stderr)")
        #expect(postgres.stdout.contains("HKWorkoutActivityTypeSwimBikeRun"))
        #expect(Self.withoutImportTimes(postgres.stdout) == Self.withoutImportTimes(sqlite.stdout))

        // A later export without the first step sample: marked deleted, it no longer dates the type.
        let original = try String(
            contentsOfFile: Tool.repositoryRoot + "/SampleExports/v14-2025/export.xml", encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.contains("type=\"HKQuantityTypeIdentifierStepCount\"") })
        lines.remove(at: first)
        let later = stores.folder + "/later.xml"
        try lines.joined(separator: "\n").write(toFile: later, atomically: true, encoding: .utf8)
        var marked: [String] = []
        for store in [stores.sqlite, stores.postgres] {
            let imported = try Tool.healthimport(["import", later, "--all", "--force", "--json", "-q"] + store)
            #expect(imported.status == 0, "\(imported.stderr)")
            marked.append(try Tool.healthimport(["status", "--json"] + store).stdout)
        }
        #expect(Self.withoutImportTimes(marked[1]) == Self.withoutImportTimes(marked[0]))
        #expect(Self.withoutImportTimes(marked[0]) != Self.withoutImportTimes(sqlite.stdout))
        let nobody = ["--db", TestPostgres.url!, "--person", TestPostgres.freshPerson("nobody")]
        let refusing = [
            ["status"], ["anchors", "list"], ["anchors", "reset"],
            ["stats", "--type", "HKQuantityTypeIdentifierStepCount"], ["sources"],
            ["parquet", "-o", stores.folder + "/nobody"],
            ["workouts", "--format", "gpx", "-o", stores.folder + "/nobody"],
            ["report", "-o", stores.folder + "/nobody.html"], ["mcp"],
        ]
        for command in refusing {
            let refused = try Tool.healthimport(command + nobody, input: "")
            #expect(refused.status != 0, "\(command)")
            #expect(refused.stderr.contains("holds no import for \(nobody[3])"), "\(command): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: stores.folder + "/nobody.html"))
        #expect(!FileManager.default.fileExists(atPath: stores.folder + "/nobody"), "parquet or workouts made -o")
        let added = TestPostgres.freshPerson("added")
        let adding = try Tool.healthimport(["people", "add", added, "--db", TestPostgres.url!])
        #expect(adding.status == 0, "\(adding.stderr)")
        let empty = try Tool.healthimport(["status", "--db", TestPostgres.url!, "--person", added])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.hasSuffix("\nimports:\n  none yet\n"), "\(empty.stdout)")
    }

    @Test("report and mcp refuse --person beside an SQLite store")
    func personNeedsPostgres() throws {
        let stores = try Stores()
        for command in [["report", "-o", stores.folder + "/x.html"], ["mcp"]] {
            let refused = try Tool.healthimport(command + stores.sqlite + ["--person", "someone"], input: "")
            #expect(refused.status == 64, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("needs a PostgreSQL store"), "\(command): \(refused.stderr)")
        }
    }

    @Test(
        "mcp --db postgresql:// --person answers every tool as for the SQLite store, and reads the person's rows only")
    func mcp() throws {
        let stores = try Stores()
        let calls: [(String, [String: Any])] = [
            ("list_types", [:]), ("list_sources", [:]), ("list_sources", ["type": "steps"]),
            ("query_statistics", ["type": "steps", "interval": "week"]),
            ("query_statistics", ["type": "heart-rate", "from": "2025-10-01", "to": "2025-11-30"]),
            ("query_statistics", ["type": "sleep"]),
            ("get_records", ["type": "heart-rate", "from": "2020-01-01", "to": "2026-01-01", "limit": 4]),
            // The next page: the cursor the first page ends with, on either store (UUIDs come from content).
            (
                "get_records",
                [
                    "type": "heart-rate", "from": "2020-01-01", "to": "2026-01-01", "limit": 4,
                    "cursor": "1759428012/2E45A67B-22FF-501F-9AD0-9E4FED6D0A37",
                ]
            ),
            ("get_records", ["type": "sleep", "from": "2025-09-01", "to": "2025-12-31", "limit": 3]),
            ("get_records", ["type": "weight", "from": "2020-01-01", "to": "2026-01-01"]),
            ("get_records", ["type": "HKWorkoutActivityTypeRunning", "from": "2020-01-01", "to": "2026-01-01"]),
            ("get_status", [:]),
        ]
        var requests = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ]
        for (id, call) in calls.enumerated() {
            let message: [String: Any] = [
                "jsonrpc": "2.0", "id": id + 1, "method": "tools/call",
                "params": ["name": call.0, "arguments": call.1],
            ]
            requests.append(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
        }
        var answers: [[Int: String]] = []
        for store in [stores.sqlite, stores.postgres] {
            let served = try Tool.healthimport(["mcp"] + store, input: requests.joined(separator: "\n") + "\n")
            #expect(served.status == 0, "\(served.stderr)")
            answers.append(try Self.texts(served.stdout))
        }
        #expect(answers[0].count == calls.count)
        for (id, call) in calls.enumerated() {
            let (sqlite, postgres) = (answers[0][id + 1] ?? "", answers[1][id + 1] ?? "")
            #expect(!sqlite.isEmpty && !sqlite.hasPrefix("[]"), "\(call.0) \(call.1)")
            #expect(Self.withoutImportTimes(postgres) == Self.withoutImportTimes(sqlite), "\(call.0) \(call.1)")
        }
        // Only the person's rows: the neighbour's export has other sources and counts.
        #expect(answers[1][2]?.contains("Daniel’s Apple Watch") == true)
        #expect(answers[1][calls.count]?.contains("zip/export.zip") == false)
    }

    /// The page without its header line, which names the store and the time it was made.
    static func withoutHeader(_ page: String) -> String {
        page.replacingOccurrences(of: #"<header>.*?</header>"#, with: "", options: .regularExpression)
    }

    /// A page without what differs between two imports of one export: the import's number (the
    /// database numbers every person's imports) and the minute it started.
    static func withoutImportNumbers(_ page: String) -> String {
        page.replacingOccurrences(of: #"<tr><td>[0-9]+</td>"#, with: "<tr><td>#</td>", options: .regularExpression)
            .replacingOccurrences(
                of: #"<td>[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}</td>"#, with: "<td>started</td>",
                options: .regularExpression)
    }

    /// An answer without what differs between two imports of one export: the import's number
    /// and times.
    static func withoutImportTimes(_ answer: String) -> String {
        answer.replacingOccurrences(
            of: #""(lastImport|started|finished)":"[^"]*""#, with: "\"$1\":\"time\"", options: .regularExpression
        ).replacingOccurrences(of: #""id":[0-9]+,"#, with: "\"id\":0,", options: .regularExpression)
    }

    /// The text of each tool result, by the request's id.
    static func texts(_ output: String) throws -> [Int: String] {
        var texts: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            guard let message = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = message["id"] as? Int, id > 0
            else { continue }
            let result = try #require(message["result"] as? [String: Any], "\(line)")
            #expect(result["isError"] as? Bool != true, "\(line)")
            let content = try #require(result["content"] as? [[String: Any]])
            texts[id] = content.first?["text"] as? String
        }
        return texts
    }
}
#endif
