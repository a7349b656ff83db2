import Foundation
import GRDB
import Testing

/// `healthimport mcp`: JSON-RPC spoken to the built binary over standard input and output.
@Suite(.serialized) struct MCPServerTests {
    /// A session with the server over one imported sample store.
    final class Session {
        let server: BackgroundCLI
        let folder: String
        private var nextID = 1

        init() throws {
            folder = try CLI.temporaryFolder()
            let imported = try CLI.run(
                ["import", CLI.sample("zip/export.zip"), "--all", "--db", "health.sqlite", "-q"], directory: folder)
            #expect(imported.status == 0, "\(imported.stderr)")
            server = try BackgroundCLI(["mcp", "--db", "health.sqlite"], directory: folder)
        }

        /// Sends a request and waits for its response's `result` (or `error`).
        func request(_ method: String, _ params: [String: Any]? = nil) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
            if let params { message["params"] = params }
            try server.send(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self) + "\n")
            var response: [String: Any]?
            server.waitFor(20) {
                response = Self.responses(server.stdout).first { $0["id"] as? Int == id }
                return response != nil
            }
            let found = try #require(response, "no response to \(method); stderr: \(server.stderr)")
            #expect(found["jsonrpc"] as? String == "2.0")
            return found
        }

        func notify(_ method: String) throws {
            try server.send("{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\"}\n")
        }

        /// Calls a tool; returns whether it was an error and its text.
        func call(_ tool: String, _ arguments: [String: Any]) throws -> (isError: Bool, text: String) {
            let response = try request("tools/call", ["name": tool, "arguments": arguments])
            let result = try #require(response["result"] as? [String: Any], "\(response)")
            let content = try #require(result["content"] as? [[String: Any]])
            return (result["isError"] as? Bool ?? false, content.first?["text"] as? String ?? "")
        }

        /// Calls a tool that must succeed; returns its JSON answer.
        func answer(_ tool: String, _ arguments: [String: Any] = [:]) throws -> Any {
            let (isError, text) = try call(tool, arguments)
            #expect(!isError, "\(tool): \(text)")
            return try JSONSerialization.jsonObject(with: Data(text.utf8))
        }

        static func responses(_ output: String) -> [[String: Any]] {
            output.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        func initialize() throws -> [String: Any] {
            let response = try request(
                "initialize",
                [
                    "protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                    "clientInfo": ["name": "healthimport-tests", "version": "1"],
                ])
            try notify("notifications/initialized")
            return try #require(response["result"] as? [String: Any], "\(response)")
        }

        func close() throws -> Int32 {
            try server.closeInput()
            return server.waitForExit()
        }
    }

    @Test("initialize, tools/list, and tools/call of every tool answer from the store, which stays untouched")
    func speaksTheProtocol() throws {
        let session = try Session()
        let store = session.folder + "/health.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))

        let initialized = try session.initialize()
        #expect((initialized["serverInfo"] as? [String: Any])?["name"] as? String == "healthimport")
        #expect((initialized["capabilities"] as? [String: Any])?["tools"] != nil)

        let listed = try #require(try session.request("tools/list")["result"] as? [String: Any])
        let names = (listed["tools"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["list_types", "list_sources", "query_statistics", "get_records", "get_status"])

        let types = try #require(try session.answer("list_types") as? [[String: Any]])
        let weight = types.first { $0["type"] as? String == "HKQuantityTypeIdentifierBodyMass" }
        #expect(weight?["rows"] as? Int == 8)

        let sources = try #require(try session.answer("list_sources", ["type": "steps"]) as? [[String: Any]])
        #expect(
            !sources.isEmpty
                && sources.allSatisfy { ($0["types"] as? [String]) == ["HKQuantityTypeIdentifierStepCount"] })

        // Without a type: every source's rows over the sample tables, as SQL counts them.
        let everySource = try #require(try session.answer("list_sources") as? [[String: Any]])
        let expectedSources = try DatabaseQueue(path: store).read { db in
            try Dictionary(
                Row.fetchAll(
                    db,
                    sql: """
                        SELECT source, sum(n) FROM (
                            SELECT coalesce(source_name, '') AS source, count(*) AS n FROM quantity_samples GROUP BY 1
                            UNION ALL SELECT coalesce(source_name, ''), count(*) FROM weight_samples GROUP BY 1
                            UNION ALL SELECT coalesce(source_name, ''), count(*) FROM category_samples GROUP BY 1
                            UNION ALL SELECT coalesce(source_name, ''), count(*) FROM workouts GROUP BY 1
                            UNION ALL SELECT coalesce(source_name, ''), count(*) FROM correlations GROUP BY 1)
                        GROUP BY 1
                        """
                ).map { ($0[0] as String, $0[1] as Int) }, uniquingKeysWith: +)
        }
        #expect(
            Dictionary(
                uniqueKeysWithValues: everySource.map { ($0["source"] as? String ?? "", $0["rows"] as? Int ?? 0) })
                == expectedSources)
        #expect(everySource.count > 1)

        // Daily steps equal the store's own view: the statistics `stats` prints, sources merged by priority.
        let steps = try #require(try session.answer("query_statistics", ["type": "steps"]) as? [String: Any])
        let periods = try #require(steps["periods"] as? [[String: Any]])
        let expected = try DatabaseQueue(path: store).read {
            try Row.fetchAll($0, sql: "SELECT day, steps FROM daily_steps ORDER BY day").map {
                ($0[0] as String, $0[1] as Double)
            }
        }
        #expect(periods.map { $0["start"] as? String ?? "" } == expected.map(\.0))
        #expect(periods.map { $0["value"] as? Double ?? -1 } == expected.map(\.1))
        #expect(steps["aggregation"] as? String == "sum")

        // Months of weight: the mean of the month's weighings, and their range.
        let months = try #require(
            try session.answer("query_statistics", ["type": "weight", "interval": "month"]) as? [String: Any])
        let monthly = try DatabaseQueue(path: store).read {
            try Row.fetchAll(
                $0,
                sql:
                    "SELECT substr(start_date, 1, 7) || '-01', avg(kilograms), min(kilograms), max(kilograms) FROM weight_samples GROUP BY 1 ORDER BY 1"
            ).map { ($0[0] as String, $0[1] as Double, $0[2] as Double, $0[3] as Double) }
        }
        let periodsOfWeight = months["periods"] as? [[String: Any]] ?? []
        #expect(periodsOfWeight.map { $0["start"] as? String ?? "" } == monthly.map(\.0))
        for (period, expected) in zip(periodsOfWeight, monthly) {
            #expect(abs((period["value"] as? Double ?? 0) - expected.1) < 1e-9)
            #expect(period["minimum"] as? Double == expected.2 && period["maximum"] as? Double == expected.3)
        }
        #expect(months["unit"] as? String == "kg" && months["aggregation"] as? String == "average")

        let sleep = try #require(
            try session.answer("query_statistics", ["type": "sleep", "from": "2025-01-01"]) as? [String: Any])
        let nights = sleep["nights"] as? [[String: Any]] ?? []
        let storedNights = try DatabaseQueue(path: store).read {
            try Row.fetchAll(
                $0, sql: "SELECT night, asleep_minutes FROM sleep_by_night WHERE night >= '2025-01-01' ORDER BY night"
            ).map { ($0[0] as String, $0[1] as Double) }
        }
        #expect(!nights.isEmpty)
        #expect(nights.map { $0["night"] as? String ?? "" } == storedNights.map(\.0))
        for (night, stored) in zip(nights, storedNights) {
            #expect(abs((night["asleep"] as? Double ?? -1) - stored.1) < 1e-9)
        }

        // Paging through all eight weights three at a time gives each once, in time order.
        var seen: [String] = []
        var cursor: String?
        repeat {
            var arguments: [String: Any] = ["type": "weight", "from": "2000-01-01", "to": "2030-12-31", "limit": 3]
            if let cursor { arguments["cursor"] = cursor }
            let page = try #require(try session.answer("get_records", arguments) as? [String: Any])
            let records = page["records"] as? [[String: Any]] ?? []
            #expect(records.count <= 3)
            seen += records.compactMap { $0["uuid"] as? String }
            cursor = page["nextCursor"] as? String
        } while cursor != nil && seen.count < 100
        #expect(seen.count == 8 && Set(seen).count == 8)

        let status = try #require(try session.answer("get_status") as? [String: Any])
        #expect((status["imports"] as? [[String: Any]])?.first?["outcome"] as? String == "completed")

        let resources = try #require(try session.request("resources/list")["result"] as? [String: Any])
        #expect((resources["resources"] as? [[String: Any]])?.count == 2)
        let schema = try #require(
            try session.request("resources/read", ["uri": "healthimport://schema/sql"])["result"] as? [String: Any])
        let text = (schema["contents"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        #expect(text.contains("CREATE VIEW quantity_samples"))

        #expect(try session.close() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("bad arguments are refused with a message naming the argument, and nothing of them reaches SQL")
    func validatesArguments() throws {
        let session = try Session()
        _ = try session.initialize()
        let refusals: [(String, [String: Any], String)] = [
            (
                "get_records", ["type": "weight'; DROP TABLE imports; --", "from": "2025-01-01", "to": "2025-12-31"],
                "'type' must be a type name"
            ),
            (
                "get_records", ["type": "weight", "from": "2025-13-01", "to": "2025-12-31"],
                "'from' must be a day written yyyy-MM-dd"
            ),
            (
                "get_records", ["type": "weight", "from": "2025-01-01", "to": "2025-12-31", "limit": 100_000],
                "'limit' must be an integer from 1 to 500"
            ),
            (
                "get_records", ["type": "weight", "from": "2025-01-01", "to": "2025-12-31", "cursor": "1 OR 1=1"],
                "cursor '1 OR 1=1' is not one this server wrote"
            ),
            ("get_records", ["type": "weight", "from": "2025-12-31", "to": "2025-01-01"], "'from' is after 'to'"),
            ("query_statistics", ["type": "steps", "interval": "hour"], "'interval' must be one of day, week, month"),
            ("query_statistics", ["type": "steps", "sql": "SELECT 1"], "unknown argument 'sql'"),
            ("list_types", ["type": 3], "unknown argument 'type'"),
            ("drop_everything", [:], "unknown tool 'drop_everything'"),
        ]
        for (tool, arguments, message) in refusals {
            let (isError, text) = try session.call(tool, arguments)
            #expect(isError, "\(tool) \(arguments)")
            #expect(text.contains(message), "\(text)")
        }
        #expect(try session.close() == 0)
        let rows = try DatabaseQueue(path: session.folder + "/health.sqlite").read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM imports")
        }
        #expect(rows == 1)
    }

    @Test("many large answers written at once through a pipe each come out whole, one per line")
    func largeAnswersStayWhole() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try GeneratedExport(records: 20_000, days: 20).write(to: folder)
        #expect(try CLI.run(["import", export, "--all", "--db", folder + "/health.sqlite", "-q"]).status == 0)
        // A client's batch: answers of a hundred kilobytes and more, more than a pipe holds, so
        // the server's writes wait for the reader while other answers are ready.
        var messages: [[String: Any]] = [
            [
                "jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": [
                    "protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                    "clientInfo": ["name": "healthimport-tests", "version": "1"],
                ],
            ],
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
        ]
        for id in 1...24 {
            let type = ["steps", "heart-rate", "active-energy"][id % 3]
            let arguments: [String: Any] = ["type": type, "from": "2025-01-01", "to": "2025-12-31", "limit": 500]
            messages.append([
                "jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": ["name": "get_records", "arguments": arguments],
            ])
        }
        let input = try messages.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let result = try CLI.run(
            ["mcp", "--db", folder + "/health.sqlite"], stdin: Data((input.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let answers = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(answers.count == lines.count, "lines that are not one JSON-RPC message each")
        #expect(Set(answers.compactMap { $0["id"] as? Int }) == Set(0...24))
        #expect(lines.contains { $0.utf8.count > 100_000 }, "no answer larger than the pipe: the test tests nothing")
    }

    @Test("a store that does not exist is refused with one line, and none is created")
    func refusesAMissingStore() throws {
        let folder = try CLI.temporaryFolder()
        let result = try CLI.run(["mcp", "--db", "missing.sqlite"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "healthimport: error: missing.sqlite does not exist: import an export first, or give --db\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.sqlite"))
    }

    @Test("without healthimport-mcp beside it, mcp says where it looked and how to build it")
    func refusesWithoutTheServerProgram() throws {
        let folder = try CLI.temporaryFolder()
        // Copied by `cp`, not in this process: a copy written here could still be open for
        // writing in a child another test is spawning at that moment, and running it would fail
        // with "Text file busy".
        let copy = try CLI.runProcess("/bin/cp", [CLI.binary, folder + "/healthimport"])
        try #require(copy.status == 0, "\(copy.stderr)")
        let result = try CLI.runProcess(folder + "/healthimport", ["mcp", "--db", "health.sqlite"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "healthimport: error: mcp: healthimport-mcp is not in \(folder), beside healthimport: build it with swift build --product healthimport-mcp --traits MCP, or install both programs\n"
        )
    }

    @Test("healthimport run through a symbolic link finds healthimport-mcp beside the file it links to")
    func followsASymbolicLink() throws {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/healthimport", withDestinationPath: CLI.binary)
        let result = try CLI.runProcess(folder + "/healthimport", ["mcp", "--db", "missing.sqlite"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "healthimport: error: missing.sqlite does not exist: import an export first, or give --db\n")
    }

    @Test("SIGTERM ends the server at once, with standard input still open")
    func endsOnSIGTERM() throws {
        let session = try Session()
        _ = try session.initialize()
        kill(session.server.process.processIdentifier, SIGTERM)
        #expect(session.server.waitFor(10) { !session.server.process.isRunning })
        #expect(session.server.process.terminationReason == .uncaughtSignal)
    }
}
