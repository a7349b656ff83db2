#if PostgreSQL
import Foundation
import HealthExport
import HealthFixtures
import Testing

@testable import HealthPostgres

@Suite("The sync server over HTTP", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ServerFlowTests {
    static func stepRows(_ server: ServerProcess, token: String) throws -> Int? {
        let status = try server.request("GET", "/api/healthkit/status", token: token)
        #expect(status.status == 200)
        let types = status.json["types"] as? [[String: Any]] ?? []
        return types.first { $0["type"] as? String == "HKQuantityTypeIdentifierStepCount" }?["rows"] as? Int
    }

    /// Waits (up to a minute) until an upload of the token's person is running on the server.
    /// It sleeps on its thread between looks rather than giving the thread back: a test that
    /// waited for the cooperative pool to resume it could miss a short upload altogether.
    static func waitForRunningUpload(_ server: ServerProcess, token: String) throws -> Bool {
        for _ in 0..<600 {
            let status = try server.request("GET", "/api/healthkit/status", token: token)
            let imports = status.json["imports"] as? [[String: Any]] ?? []
            if imports.contains(where: { $0["outcome"] as? String == "running" }) { return true }
            usleep(100_000)
        }
        return false
    }

    /// `request` sent from a thread of its own, started at once: a task would wait for a thread
    /// of the cooperative pool, which other tests' blocking waits may hold for longer than the
    /// upload lasts.
    static func inBackground(
        _ request: @escaping @Sendable () throws -> HTTPAnswer
    ) -> WorkerThread<Result<HTTPAnswer, any Error>> {
        WorkerThread(name: "test-upload") { Result { try request() } }
    }

    static func newCount(_ answer: HTTPAnswer) -> Int? {
        (answer.json["total"] as? [String: Any])?["new"] as? Int
    }

    @Test("An app's backfill: status, upload, mark complete, status, incremental upload, admin reset")
    func backfillFlow() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("jo")
        let token = try Tool.addPerson(person)

        let before = try server.request("GET", "/api/healthkit/sync-status", token: token)
        #expect(before.status == 200)
        #expect(before.json["backfillComplete"] as? Bool == false)
        #expect(before.json["needsHistoricalSync"] as? Bool == true)
        #expect(before.json["backfillDate"] is NSNull)
        let recommended = before.json["recommendedStartDate"] as? String ?? ""
        #expect(recommended.hasSuffix("T00:00:00Z"))
        let threeYears = Calendar(identifier: .gregorian).dateComponents([.year], from: Date()).year! - 3
        #expect(recommended.hasPrefix("\(threeYears)-"))

        let upload = try server.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.file(ServerExports.xml(steps: 40)))
        #expect(upload.status == 200, "\(upload.text)")
        #expect(Self.newCount(upload) == 41)  // 40 steps and the export row

        let marked = try server.request(
            "POST", "/api/healthkit/mark-backfill-complete", token: token,
            body: #"{"sampleCount": 40, "startDate": "2023-01-01T00:00:00Z", "endDate": "2026-01-01T00:00:00Z"}"#)
        #expect(marked.status == 200, "\(marked.text)")
        #expect(marked.json["success"] as? Bool == true)
        #expect(marked.json["backfillDate"] is String)

        let after = try server.request("GET", "/api/healthkit/sync-status", token: token)
        #expect(after.json["backfillComplete"] as? Bool == true)
        #expect(after.json["needsHistoricalSync"] as? Bool == false)
        #expect(after.json["backfillDate"] as? String == marked.json["backfillDate"] as? String)

        // A newer export: the anchors take only the ten new samples (its profile is the one stored).
        let newer = ServerExports.xml(steps: 50, exportDate: ServerExports.exportDate + 3 * 86_400, firstStep: -10)
        let incremental = try server.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.zip(newer))
        #expect(incremental.status == 200, "\(incremental.text)")
        #expect(Self.newCount(incremental) == 10)
        #expect(try Self.stepRows(server, token: token) == 50)

        let notAdmin = try server.request(
            "POST", "/api/admin/reset-healthkit-backfill", token: token, body: "{\"userId\": \"\(person)\"}")
        #expect(notAdmin.status == 403)  // a known key whose scope is too low
        let reset = try server.request(
            "POST", "/api/admin/reset-healthkit-backfill", token: server.adminToken, body: "{\"userId\": \"\(person)\"}"
        )
        #expect(reset.status == 200, "\(reset.text)")
        let again = try server.request("GET", "/api/healthkit/sync-status", token: token)
        #expect(again.json["needsHistoricalSync"] as? Bool == true)

        let records = try server.request("GET", "/api/healthkit/records?type=steps", token: token)
        #expect(records.status == 200)
        let lines = records.text.split(separator: "\n")
        #expect(lines.count == 50)
        #expect(lines.first?.contains("\"kind\":\"quantity\"") == true)
        #expect(server.stop() == 0)
    }

    @Test("Live samples and a later export of the same measurements give one row each")
    func samplesThenExport() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("live")
        let token = try Tool.addPerson(person)
        let samples = try server.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<12))
        #expect(samples.status == 200, "\(samples.text)")
        #expect(samples.json["new"] as? Int == 12)
        // The statistics follow live samples as they follow exports: 1 + 2 + ... + 12 steps.
        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        let steps = try Blocking.run {
            try await store.query(
                "SELECT sum(steps) FROM daily_steps WHERE person = \(person)")
        }
        #expect(try steps.first?.decode(Double?.self) == 78)
        let again = try server.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<12))
        #expect(again.json["new"] as? Int == 0)
        #expect(again.json["updated"] as? Int == 0)
        #expect(again.json["alreadyImported"] as? Int == 12)
        // A sample with a creation date is HealthKit's immutable object: another value under it is the stored one.
        let edited = ServerExports.samplesJSON(0..<1).replacingOccurrences(of: "\"value\":1,", with: "\"value\":100,")
        #expect(edited.contains("\"value\":100,"))
        let same = try server.request("POST", "/api/healthkit/samples", token: token, body: edited)
        #expect(same.status == 200, "\(same.text)")
        #expect(
            (same.json["new"] as? Int, same.json["updated"] as? Int, same.json["alreadyImported"] as? Int) == (0, 0, 1))
        // Without one, its value is left out of its name: another value brings the stored sample up to date.
        let undated = edited.replacing(/"created":"[^"]*",/, with: "")
        #expect(!undated.contains("created"))
        let first = try server.request("POST", "/api/healthkit/samples", token: token, body: undated)
        #expect((first.json["new"] as? Int, first.json["updated"] as? Int) == (1, 0), "\(first.text)")
        let changed = try server.request(
            "POST", "/api/healthkit/samples", token: token,
            body: undated.replacingOccurrences(of: "\"value\":100,", with: "\"value\":7,"))
        #expect((changed.json["new"] as? Int, changed.json["updated"] as? Int) == (0, 1), "\(changed.text)")
        #expect(changed.json["alreadyImported"] as? Int == 0)

        let export = try server.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.file(ServerExports.xml(steps: 20)))
        #expect(export.status == 200, "\(export.text)")
        #expect(Self.newCount(export) == 8 + 1)
        #expect((export.json["total"] as? [String: Any])?["alreadyImported"] as? Int == 12)
        // The export's 20 steps and the sample without a creation date.
        #expect(try Self.stepRows(server, token: token) == 21)
        server.stop()
    }

    @Test("An export that would mark most of the person's records deleted gets 409 and changes nothing")
    func deletionsRefused() throws {
        let server = try ServerProcess()
        let token = try Tool.addPerson(TestPostgres.freshPerson("refused"))
        let path = "/api/healthkit/exports?window=all"
        let first = try server.request(
            "POST", path, token: token, bodyFile: try ServerExports.file(ServerExports.xml(steps: 120)))
        #expect(first.status == 200, "\(first.text)")
        // Another 120 days of steps, none of the first export's: as another person's export would be.
        let other = try ServerExports.file(ServerExports.xml(steps: 120, firstStep: 200))
        let refused = try server.request("POST", path, token: token, bodyFile: other)
        #expect(refused.status == 409, "\(refused.text)")
        let message = refused.json["error"] as? String ?? ""
        #expect(
            message.contains("would mark 120 of the 120 stored HKQuantityTypeIdentifierStepCount records"), "\(message)"
        )
        #expect(!message.contains("--accept-deletions"))
        // Sending it again will not help: no Retry-After.
        #expect(!refused.headers.lowercased().contains("retry-after"), "\(refused.headers)")
        #expect(try Self.stepRows(server, token: token) == 120)
        server.stop()
    }

    @Test("Two people see and write only their own data")
    func peopleIsolated() throws {
        let server = try ServerProcess()
        let jo = try Tool.addPerson(TestPostgres.freshPerson("jo"))
        let sam = try Tool.addPerson(TestPostgres.freshPerson("sam"))
        let upload = try server.request(
            "POST", "/api/healthkit/exports", token: jo, bodyFile: ServerExports.file(ServerExports.xml(steps: 8)))
        #expect(upload.status == 200)
        #expect(try Self.stepRows(server, token: jo) == 8)
        #expect(try Self.stepRows(server, token: sam) == nil)
        let records = try server.request("GET", "/api/healthkit/records", token: sam)
        #expect(records.status == 200)
        #expect(records.text.isEmpty)
        server.stop()
    }

    @Test("Bad tokens and bad bodies get 401, 4xx with a clear message, 413; nothing is committed")
    func badInput() throws {
        let server = try ServerProcess(maxUpload: 20_000)
        let token = try Tool.addPerson(TestPostgres.freshPerson("bad"))
        #expect(try server.request("GET", "/api/healthkit/sync-status", token: nil).status == 401)
        #expect(try server.request("GET", "/api/healthkit/status", token: "hi_wrong").status == 401)
        #expect(try server.request("POST", "/api/healthkit/exports", token: "hi_wrong", body: "x").status == 401)

        let notExport = try server.request(
            "POST", "/api/healthkit/exports", token: token, body: "hello, not an export\n")
        #expect(notExport.status == 400)
        #expect((notExport.json["error"] as? String)?.contains("neither a zip archive nor an XML file") == true)

        let zip = try Data(contentsOf: URL(fileURLWithPath: ServerExports.zip(ServerExports.xml(steps: 30))))
        let truncatedPath = try ServerExports.file("", name: "truncated.zip")
        try zip.prefix(zip.count / 2).write(to: URL(fileURLWithPath: truncatedPath))
        let truncated = try server.request("POST", "/api/healthkit/exports", token: token, bodyFile: truncatedPath)
        #expect(truncated.status == 400, "\(truncated.text)")
        #expect((truncated.json["error"] as? String)?.isEmpty == false)

        var broken = ServerExports.xml(steps: 30)
        broken = String(broken.prefix(broken.count - 200))  // cut inside a record
        let malformed = try server.request("POST", "/api/healthkit/exports", token: token, body: broken)
        #expect(malformed.status == 400, "\(malformed.text)")
        #expect((malformed.json["error"] as? String)?.contains("upload:") == true)

        let badJSON = try server.request("POST", "/api/healthkit/samples", token: token, body: "[{\"type\": ")
        #expect(badJSON.status == 400)
        #expect((badJSON.json["error"] as? String)?.contains("malformed JSON") == true)
        let badSample = try server.request(
            "POST", "/api/healthkit/samples", token: token,
            body: #"{"type":"HKQuantityTypeIdentifierStepCount","start":"yesterday","value":1}"#)
        #expect(badSample.status == 400)
        #expect((badSample.json["error"] as? String)?.contains("start is not a date") == true)

        let large = try server.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.file(ServerExports.xml(steps: 400)))
        #expect(large.status == 413)
        // Sent in chunks, it is found too large while its import runs: the log says why it stopped.
        let chunked = try server.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.file(ServerExports.xml(steps: 400)),
            headers: ["Transfer-Encoding": "chunked"])
        #expect(chunked.status == 413)
        let logged = try server.request("GET", "/api/healthkit/status", token: token)
        #expect(logged.text.contains("the upload stopped before its end"), "\(logged.text)")

        // The scheme's name in any case; a path no route takes answers as the routes' failures do.
        let lowercase = try server.request(
            "GET", "/api/healthkit/sync-status", token: nil, headers: ["Authorization": "bearer \(token)"])
        #expect(lowercase.status == 200, "\(lowercase.text)")
        let nowhere = try server.request("GET", "/api/healthkit/nowhere", token: token)
        #expect(nowhere.status == 404)
        #expect(
            nowhere.json["error"] as? String
                == "no route takes GET /api/healthkit/nowhere: the routes are in GET /openapi.yaml")

        let badBackfill = try server.request(
            "POST", "/api/healthkit/mark-backfill-complete", token: token, body: "{not json")
        #expect(badBackfill.status == 400)
        #expect(try Self.stepRows(server, token: token) == nil)
        server.stop()
    }

    @Test("Eight people upload at once and each gets exactly their rows")
    func eightInParallel() async throws {
        let server = try ServerProcess()
        let tokens = try (0..<8).map { try Tool.addPerson(TestPostgres.freshPerson("p\($0)")) }
        let path = try ServerExports.file(ServerExports.xml(steps: 300))
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for token in tokens {
                group.addTask {
                    try server.request("POST", "/api/healthkit/exports", token: token, bodyFile: path).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: 200, count: 8))
        for token in tokens { #expect(try Self.stepRows(server, token: token) == 300) }
        server.stop()
    }

    @Test("A second upload of one person gets 409 while the first runs, as does marking the backfill complete")
    func oneUploadAtATime() throws {
        let server = try ServerProcess()
        let token = try Tool.addPerson(TestPostgres.freshPerson("busy"))
        // About 300 KB at 10 KB/s: half a minute, time enough on a busy machine.
        let path = try ServerExports.file(ServerExports.xml(steps: 1_200))
        let slow = Self.inBackground {
            try server.request("POST", "/api/healthkit/exports", token: token, bodyFile: path, rate: "10k")
        }
        #expect(try Self.waitForRunningUpload(server, token: token))
        let second = try server.request(
            "POST", "/api/healthkit/exports", token: token, body: ServerExports.xml(steps: 2))
        #expect(second.status == 409)
        #expect(second.headers.lowercased().contains("retry-after: 5"), "\(second.headers)")
        let mark = try server.request("POST", "/api/healthkit/mark-backfill-complete", token: token, body: "{}")
        #expect(mark.status == 409)
        let first = try slow.join().get()
        #expect(first.status == 200, "\(first.text)")
        #expect(
            try server.request("POST", "/api/healthkit/mark-backfill-complete", token: token, body: "{}").status == 200)
        server.stop()
    }

    @Test("A phone's samples wait up to two seconds for the person's import lock, then get 409")
    func samplesWaitForTheLock() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("waits")
        let token = try Tool.addPerson(person)
        // Another session holds the person's import lock, as the request before would while it ends.
        let holder = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { holder.closeWaiting() }
        #expect(try Blocking.run { try await holder.tryImportLock() })
        let waiting = Self.inBackground {
            try server.request("POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<3))
        }
        Thread.sleep(forTimeInterval: 0.5)
        try Blocking.run { try await holder.releaseImportLock() }
        let answered = try waiting.join().get()
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered.json["new"] as? Int == 3)

        #expect(try Blocking.run { try await holder.tryImportLock() })
        let started = Date()
        let refused = try server.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(3..<6))
        #expect(refused.status == 409, "\(refused.text)")
        #expect(Date().timeIntervalSince(started) >= 2)
        // The phone may send them again soon: the refusal says when.
        #expect(refused.headers.lowercased().contains("retry-after: 2"), "\(refused.headers)")
        try Blocking.run { try await holder.releaseImportLock() }
        server.stop()
    }

    @Test("A server killed mid-upload leaves nothing of it; the retry completes it")
    func killedMidUpload() throws {
        let server = try ServerProcess()
        let token = try Tool.addPerson(TestPostgres.freshPerson("kill"))
        // Long enough at 10 kB/s (minutes) that a loaded machine's status requests still see it run.
        let path = try ServerExports.file(ServerExports.xml(steps: 2_000))
        let slow = Self.inBackground {
            try server.request("POST", "/api/healthkit/exports", token: token, bodyFile: path, rate: "10k")
        }
        #expect(try Self.waitForRunningUpload(server, token: token))
        server.stop(SIGKILL)
        _ = slow.join()
        let restarted = try ServerProcess()
        #expect(try Self.stepRows(restarted, token: token) == nil)
        let retry = try restarted.request("POST", "/api/healthkit/exports", token: token, bodyFile: path)
        #expect(retry.status == 200, "\(retry.text)")
        #expect(Self.newCount(retry) == 2_001)
        #expect(try Self.stepRows(restarted, token: token) == 2_000)
        #expect(restarted.stop(SIGINT) == 0)
    }

    @Test("A client that stalls mid-upload is cut after --idle-timeout, and the person's next upload goes through")
    func stalledUploadIsCut() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "2"])
        let token = try Tool.addPerson(TestPostgres.freshPerson("stall"))
        let body = Data(ServerExports.xml(steps: 300).utf8)
        let socket = try LoopbackSocket.connected(port: server.port)
        defer { close(socket) }
        // Half the body, then nothing: a phone that lost its network with the connection open.
        let head =
            "POST /api/healthkit/exports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\n\r\n"
        try LoopbackSocket.send(Data(head.utf8) + body.prefix(body.count / 2), on: socket)
        #expect(try Self.waitForRunningUpload(server, token: token))
        let stalled = ContinuousClock.now
        var byte: UInt8 = 0
        #expect(recv(socket, &byte, 1, 0) <= 0, "the server answered a request it did not receive whole")
        // Cut, the upload ends as a closed connection does: its run is logged failed, its lock given back.
        var ended = false
        while !ended, ContinuousClock.now - stalled < .seconds(15) {
            let status = try server.request("GET", "/api/healthkit/status", token: token)
            let imports = status.json["imports"] as? [[String: Any]] ?? []
            let health = try server.request("GET", "/health", token: nil)
            let running = (health.json["imports"] as? [String: Any])?["running"] as? Int
            ended = imports.first?["outcome"] as? String == "failed" && running == 0
            if !ended { usleep(100_000) }
        }
        #expect(ended, "the stalled upload still runs")
        let next = try server.request(
            "POST", "/api/healthkit/exports", token: token,
            bodyFile: try ServerExports.file(ServerExports.xml(steps: 300)))
        #expect(next.status == 200, "\(next.text)")
        #expect(try Self.stepRows(server, token: token) == 300)
        server.stop()
    }

    @Test("SIGTERM lets a running upload finish, then the server exits 0")
    func drainsOnSigterm() throws {
        let server = try ServerProcess()
        let token = try Tool.addPerson(TestPostgres.freshPerson("drain"))
        let path = try ServerExports.file(ServerExports.xml(steps: 300))
        let slow = Self.inBackground {
            try server.request("POST", "/api/healthkit/exports", token: token, bodyFile: path, rate: "20k")
        }
        #expect(try Self.waitForRunningUpload(server, token: token))
        kill(server.process.processIdentifier, SIGTERM)
        let answer = try slow.join().get()
        #expect(answer.status == 200, "\(answer.text)")
        #expect(Self.newCount(answer) == 301)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }
}
#endif
