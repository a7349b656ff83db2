#if PostgreSQL
import Foundation
import HealthExport
import HealthFixtures
import Testing

@testable import HealthPostgres

@Suite(
    "Webhooks after uploads", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason),
    .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
struct WebhookTests {
    /// Checks every logged request's signature with Python's hmac, as the Standard Webhooks
    /// specification defines it; prints how many were valid.
    static func validSignatures(_ receiver: WebhookReceiver, secret: String) throws -> Int {
        let script = """
            import base64, hashlib, hmac, json, sys
            key = base64.b64decode(sys.argv[2].removeprefix("whsec_"))
            valid = 0
            for line in open(sys.argv[1]):
                r = json.loads(line)
                signed = f"{r['id']}.{r['timestamp']}.{r['body']}".encode()
                expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
                sent = [s.split(",", 1)[1] for s in r["signature"].split(" ") if s.startswith("v1,")]
                valid += any(hmac.compare_digest(expected, s) for s in sent)
            print(valid)
            """
        return Int(
            try TestPython.run(script, [receiver.logPath, secret]).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? -1
    }

    @Test("A person's webhook gets a signed delivery, retried with backoff, also after a server restart")
    func personWebhookAcrossRestart() async throws {
        let receiver = try WebhookReceiver()
        #expect(receiver.port > 0)
        let person = TestPostgres.freshPerson("hook")
        let token = try Tool.addPerson(person)
        let set = try Tool.healthimport(["people", "webhook", person, receiver.url, "--db", TestPostgres.url!])
        #expect(set.status == 0, "\(set.stderr)")
        let secret = String(set.stdout.split(separator: "\n").last ?? "")
        #expect(secret.hasPrefix("whsec_"))

        let first = try ServerProcess()
        let upload = try first.request(
            "POST", "/api/healthkit/exports", token: token, bodyFile: ServerExports.file(ServerExports.xml(steps: 40)))
        #expect(upload.status == 200, "\(upload.text)")
        let importID = upload.json["importId"] as? Int
        // The receiver is down (503): the server tries, backs off (1 s, 2 s, 4 s…), and is stopped.
        // (Servers of other tests on the database may take a turn too, on the same schedule.)
        #expect(try await receiver.wait(seconds: 60) { $0.count >= 1 })
        #expect(first.stop() == 0)
        let refused = receiver.requests.count
        #expect(receiver.requests.allSatisfy { $0["status"] as? Int == 503 })

        receiver.accept()
        let second = try ServerProcess()
        #expect(try await receiver.wait(seconds: 240) { $0.contains { $0["status"] as? Int == 204 } })
        #expect(second.stop() == 0)

        let requests = receiver.requests
        #expect(requests.count > refused)
        #expect(Set(requests.compactMap { $0["id"] as? String }).count == 1, "every attempt repeats the message id")
        #expect(requests.allSatisfy { ($0["agent"] as? String)?.hasPrefix("healthimport/") == true }, "\(requests)")
        #expect(try Self.validSignatures(receiver, secret: secret) == requests.count)
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data((requests.last?["body"] as? String ?? "").utf8))
                as? [String: Any])
        #expect(body["type"] as? String == "import.completed")
        #expect(body["person"] as? String == person)
        #expect(body["importId"] as? Int == importID)
        #expect((body["total"] as? [String: Any])?["new"] as? Int == 41)
        // The UTC days of the new rows: every day from the first step's to the last's.
        let firstDay = ServerExports.stepStart(39) / 86_400
        let lastDay = ServerExports.stepStart(0) / 86_400
        let days = (firstDay...lastDay).map { CalendarDay(daysSince1970: Int32($0)).iso8601 }
        #expect(body["changedDays"] as? [String] == days)
        #expect(!days.isEmpty)

        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { store.closeWaiting() }
        let row = try Blocking.run {
            try await store.query(
                "SELECT attempts, delivered IS NOT NULL FROM webhook_deliveries WHERE person = \(person)"
            ).map { try $0.decode((Int32, Bool).self) }
        }
        #expect(row.count == 1)
        #expect(row.first?.1 == true)
        #expect(Int(row.first?.0 ?? 0) == requests.count)
    }

    @Test("serve --webhook tells of every person's samples upload, signed with HEALTHIMPORT_WEBHOOK_SECRET")
    func serverWebhook() async throws {
        let receiver = try WebhookReceiver()
        receiver.accept()
        let secret = WebhookSignature.makeSecret()
        let refusedStart = try Tool.run(
            Tool.binary, ["serve", "--db", TestPostgres.url!, "--webhook", receiver.url],
            environment: ["HEALTHIMPORT_WEBHOOK_SECRET": "not-a-secret"])
        #expect(refusedStart.status == 64)
        #expect(refusedStart.stderr.contains("HEALTHIMPORT_WEBHOOK_SECRET"))

        let server = try ServerProcess(
            arguments: ["--webhook", receiver.url], environment: ["HEALTHIMPORT_WEBHOOK_SECRET": secret])
        let person = TestPostgres.freshPerson("serverhook")
        let token = try Tool.addPerson(person)
        let samples = try server.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<12))
        #expect(samples.status == 200)
        #expect(try await receiver.wait(seconds: 30) { !$0.isEmpty })
        #expect(server.stop() == 0)
        #expect(try Self.validSignatures(receiver, secret: secret) == receiver.requests.count)
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data((receiver.requests.first?["body"] as? String ?? "").utf8))
                as? [String: Any])
        #expect(body["person"] as? String == person)
        #expect(body["importId"] is NSNull)
        #expect((body["total"] as? [String: Any])?["new"] as? Int == 12)
        #expect((body["changedDays"] as? [String])?.isEmpty == false)
    }
}
#endif
