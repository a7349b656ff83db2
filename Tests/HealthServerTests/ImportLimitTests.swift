#if PostgreSQL
import Foundation
import HealthCore
import HealthFixtures
import Testing

@testable import HealthPostgres

/// `serve --max-imports 1` with two people uploading: the second upload waits, unread, until
/// the first's import has ended. The first upload's body comes through a named pipe the test
/// holds open, so the first import runs for exactly as long as the test wants.
@Suite("Imports past serve --max-imports wait", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ImportLimitTests {
    static let steps = 300

    /// An upload by `curl` whose body the test writes (``finish()``), for as long as it likes
    /// (within the server's `--idle-timeout`).
    final class HeldUpload {
        let curl: BackgroundTool
        private let folder = TemporaryFolder()
        private let pipe: FileHandle
        private let xml: Data

        init(_ server: ServerProcess, token: String, steps: Int) throws {
            let path = folder.path + "/body"
            #expect(try Tool.run("/usr/bin/mkfifo", [path]).status == 0)
            xml = Data(ServerExports.xml(steps: steps).utf8)
            // -T streams the pipe as it is written (chunked); -X POST, or it would be a PUT.
            curl = try BackgroundTool(
                [
                    "-s", "-w", "%{http_code}", "-o", "/dev/null", "-X", "POST", "-T", path, "-H", "Expect:",
                    "-H", "Authorization: Bearer \(token)",
                    "http://127.0.0.1:\(server.port)/api/healthkit/exports?window=all",
                ], executable: "/usr/bin/curl")
            // Opening waits for curl to open the other end.
            pipe = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try pipe.write(contentsOf: xml.prefix(xml.count / 2))
        }

        /// Writes the rest of the body and ends it; the HTTP status.
        func finish() throws -> String? {
            try pipe.write(contentsOf: xml.suffix(from: xml.count / 2))
            try pipe.close()
            return curl.exit(within: 120).map { _ in curl.stdout }
        }
    }

    /// The server's imports (`GET /health`) once `done` holds of them, or the last seen after a minute.
    static func imports(_ server: ServerProcess, until done: ([String: Int]) -> Bool) async throws -> [String: Int] {
        var imports: [String: Int] = [:]
        for _ in 0..<600 {
            imports = try server.request("GET", "/health", token: nil).json["imports"] as? [String: Int] ?? [:]
            if done(imports) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return imports
    }

    static func upload(_ server: ServerProcess, token: String, steps: Int) throws -> BackgroundTool {
        let path = try ServerExports.file(ServerExports.xml(steps: steps))
        return try BackgroundTool(
            [
                "-s", "-w", "%{http_code}", "-o", "/dev/null", "-X", "POST", "-H", "Authorization: Bearer \(token)",
                "-H", "Content-Type: application/octet-stream", "--data-binary", "@" + path,
                "http://127.0.0.1:\(server.port)/api/healthkit/exports?window=all",
            ], executable: "/usr/bin/curl")
    }

    static func status(person: String) throws -> StoreStatus {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { store.closeWaiting() }
        return try store.status()
    }

    /// Whether a connection holds `person`'s import lock.
    static func holdsImportLock(_ person: String) throws -> Bool {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { store.closeWaiting() }
        return try Blocking.run { try await store.importRunning(of: person) }
    }

    static func stepRows(person: String) throws -> Int {
        try status(person: person).types.filter { $0.type == "HKQuantityTypeIdentifierStepCount" }.reduce(0) {
            $0 + $1.rows
        }
    }

    @Test("With --max-imports 1, a second person's upload starts only once the first's import has ended")
    func secondWaitsForFirst() async throws {
        let server = try ServerProcess(options: ["--max-imports", "1", "--idle-timeout", "600"])
        let first = TestPostgres.freshPerson("slot-first")
        let second = TestPostgres.freshPerson("slot-second")
        let firstToken = try Tool.addPerson(first)
        let secondToken = try Tool.addPerson(second)

        let held = try HeldUpload(server, token: firstToken, steps: Self.steps)
        let one = try await Self.imports(server) { $0["running"] == 1 }
        #expect(one == ["running": 1, "waiting": 0, "limit": 1])
        let waiting = try Self.upload(server, token: secondToken, steps: Self.steps + 1)
        let both = try await Self.imports(server) { ($0["running"] ?? 0) + ($0["waiting"] ?? 0) >= 2 }
        #expect(both == ["running": 1, "waiting": 1, "limit": 1], "the second import did not wait")
        #expect(try Self.status(person: second).imports.isEmpty, "the second import began while the first ran")
        #expect(waiting.process.isRunning)
        // Waiting, the upload holds no connection, so no lock: only the running import does.
        #expect(try Self.holdsImportLock(first))
        #expect(try !Self.holdsImportLock(second), "the waiting upload holds a database connection")
        // A waiting upload counts as the person's: a third one of theirs is refused at once.
        let third = try server.request(
            "POST", "/api/healthkit/exports?window=all", token: secondToken, body: ServerExports.xml(steps: 2))
        #expect(third.status == 409, "\(third.text)")

        #expect(try held.finish() == "200")
        #expect(waiting.exit(within: 120) != nil)
        #expect(waiting.stdout == "200")
        #expect(try Self.stepRows(person: first) == Self.steps)
        #expect(try Self.stepRows(person: second) == Self.steps + 1)
        let firstRun = try #require(try Self.status(person: first).imports.first)
        let secondRun = try #require(try Self.status(person: second).imports.first)
        #expect(secondRun.id > firstRun.id)
        #expect(try await Self.imports(server) { $0["running"] == 0 } == ["running": 0, "waiting": 0, "limit": 1])
        #expect(server.stop() == 0)
    }

    @Test("With --max-waiting 1, an upload past the one waiting gets 503 with Retry-After at once and imports nothing")
    func fullQueueRefuses() async throws {
        let server = try ServerProcess(options: ["--max-imports", "1", "--max-waiting", "1", "--idle-timeout", "600"])
        let people = (0..<3).map { TestPostgres.freshPerson("queue-\($0)") }
        let tokens = try people.map { try Tool.addPerson($0) }

        let held = try HeldUpload(server, token: tokens[0], steps: Self.steps)
        _ = try await Self.imports(server) { $0["running"] == 1 }
        let waiting = try Self.upload(server, token: tokens[1], steps: Self.steps)
        #expect(try await Self.imports(server) { $0["waiting"] == 1 } == ["running": 1, "waiting": 1, "limit": 1])
        // At once: a wait would last as long as the held upload, which only this test ends.
        let refused = try server.request(
            "POST", "/api/healthkit/exports?window=all", token: tokens[2], body: ServerExports.xml(steps: 2),
            maxSeconds: 20)
        #expect(refused.status == 503, "\(refused.text)")
        #expect(refused.text.contains("busy"), "\(refused.text)")
        #expect(refused.headers.lowercased().contains("retry-after:"), "\(refused.headers)")
        #expect(try await Self.imports(server) { $0["waiting"] == 1 }["waiting"] == 1)

        #expect(try held.finish() == "200")
        #expect(waiting.exit(within: 120) != nil)
        #expect(waiting.stdout == "200")
        #expect(try Self.stepRows(person: people[1]) == Self.steps)
        #expect(try Self.status(person: people[2]).imports.isEmpty)
        // With the queue free again, the refused person's upload goes through.
        let again = try server.request(
            "POST", "/api/healthkit/exports?window=all", token: tokens[2], body: ServerExports.xml(steps: 2))
        #expect(again.status == 200, "\(again.text)")
        #expect(server.stop() == 0)
    }

    @Test("SIGTERM answers 503 to an upload waiting for a slot, and lets the running one finish")
    func shutdownRefusesWaiting() async throws {
        let server = try ServerProcess(options: ["--max-imports", "1", "--idle-timeout", "600"])
        let first = TestPostgres.freshPerson("drain-first")
        let second = TestPostgres.freshPerson("drain-second")
        let firstToken = try Tool.addPerson(first)
        let secondToken = try Tool.addPerson(second)

        let held = try HeldUpload(server, token: firstToken, steps: Self.steps)
        _ = try await Self.imports(server) { $0["running"] == 1 }
        let waiting = try Self.upload(server, token: secondToken, steps: Self.steps)
        let both = try await Self.imports(server) { $0["waiting"] == 1 }
        #expect(both["waiting"] == 1)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(waiting.exit(within: 60) != nil, "the waiting upload had no answer")
        #expect(waiting.stdout == "503")
        #expect(held.curl.process.isRunning, "the running upload ended before its body did")

        #expect(try held.finish() == "200")
        #expect(server.stop() == 0)
        #expect(try Self.stepRows(person: first) == Self.steps)
        #expect(try Self.status(person: second).imports.isEmpty)
    }
}
#endif
