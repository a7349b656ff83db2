#if PostgreSQL
import Foundation
import HealthExport
import HealthFixtures
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

@testable import HealthSyncClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The API called through the client generated from `docs/openapi.yaml`: every answer decodes
/// to the status and the typed body the document gives (an undocumented status or field fails),
/// and says what the server did.
@Suite("The generated client against the server", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct GeneratedClientTests {
    /// A generated client for `token` on `server`, with `recorder` keeping the JSON answers.
    static func client(_ server: ServerProcess, token: String?, recorder: ContractRecorder) -> Client {
        var middlewares: [any ClientMiddleware] = [recorder]
        if let token { middlewares.append(BearerTokenMiddleware(token: token)) }
        return Client(
            serverURL: URL(string: "http://127.0.0.1:\(server.port)")!, transport: URLSessionTransport(),
            middlewares: middlewares)
    }

    /// Two step samples and a sleep sample as the phone sends them, dated in the backfill window.
    static func samples() -> [Components.Schemas.Sample] {
        let start = ServerExports.stepStart(2)
        let iso = { (seconds: Int64) in ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 60).iso8601 }
        return [
            .init(
                kind: .quantity, _type: "HKQuantityTypeIdentifierStepCount", healthKitUUID: UUID().uuidString,
                start: iso(start), end: iso(start + 60), created: iso(start + 600), sourceName: "Jo’s iPhone",
                value: .case1(42), unit: "count"),
            .init(
                kind: .quantity, _type: "HKQuantityTypeIdentifierStepCount", healthKitUUID: UUID().uuidString,
                start: iso(start + 120), end: iso(start + 180), sourceName: "Jo’s iPhone", value: .case1(17),
                unit: "count", metadata: .init(additionalProperties: ["HKWasUserEntered": "1"])),
            .init(
                kind: .category, _type: "HKCategoryTypeIdentifierSleepAnalysis", healthKitUUID: UUID().uuidString,
                start: iso(start - 3600), end: iso(start - 600), sourceName: "Jo’s Watch",
                value: .case2("HKCategoryValueSleepAnalysisAsleepCore"), rawValue: 3),
        ]
    }

    @Test("The contract check names a field the typed value lost, nulls aside")
    func undescribedFields() {
        let sent: [String: Any] = [
            "kept": 1, "null": NSNull(), "nested": ["kept": "a", "lost": 2], "list": [["lost": true]],
        ]
        let decoded: [String: Any] = ["kept": 1, "nested": ["kept": "a"], "list": [[String: Any]()]]
        #expect(ContractRecorder.undescribed(sent, decoded, path: "op") == ["op.list[0].lost", "op.nested.lost"])
        #expect(ContractRecorder.undescribed(sent, sent, path: "op").isEmpty)
    }

    @Test("The phone's routes: sync status, samples, deletions, records, backfill complete, status")
    func phoneRoutes() async throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let person = TestPostgres.freshPerson("client")
        let recorder = ContractRecorder()
        let client = Self.client(server, token: try Tool.addPerson(person), recorder: recorder)

        let status = try await client.getSyncStatus().ok.body.json
        try await recorder.expectDescribed("getSyncStatus", status)
        #expect(!status.backfillComplete && status.needsHistoricalSync && status.backfillDate == nil)
        #expect(status.recommendedStartDate.flatMap(SyncAPI.date) != nil, "\(String(describing: status))")

        let samples = Self.samples()
        let first = try await client.uploadSamples(body: .json(.case1(samples))).ok.body.json
        try await recorder.expectDescribed("uploadSamples", first)
        #expect((first.received, first.new, first.alreadyImported) == (3, 3, 0))
        let again = try await client.uploadSamples(body: .json(.Sample(samples[0]))).ok.body.json
        #expect((again.received, again.new, again.alreadyImported) == (1, 0, 1))

        let deleted = try await client.deleteSamples(body: .json([samples[1].healthKitUUID!, UUID().uuidString]))
            .ok.body.json
        try await recorder.expectDescribed("deleteSamples", deleted)
        #expect((deleted.received, deleted.deleted, deleted.unknown) == (2, 1, 1))

        let records = try await client.getRecords(query: .init(_type: ["HKQuantityTypeIdentifierStepCount"])).ok
        let lines = try await String(collecting: try records.body.applicationXNdjson, upTo: 1 << 20)
            .split(separator: "\n")
        #expect(lines.count == 1, "the second step sample was deleted: \(lines)")
        #expect(lines.first?.contains("\"value\":42") == true, "\(lines)")

        let marked = try await client.markBackfillComplete(
            body: .json(.init(sampleCount: 3, startDate: "2024-01-01T00:00:00Z", endDate: "2024-12-31T00:00:00Z"))
        ).ok.body.json
        try await recorder.expectDescribed("markBackfillComplete", marked)
        #expect(marked.success)
        let after = try await client.getSyncStatus().ok.body.json
        #expect(after.backfillComplete && !after.needsHistoricalSync && after.recommendedStartDate == nil)
        #expect(after.backfillDate == marked.backfillDate)

        let stored = try await client.getStatus().ok.body.json
        try await recorder.expectDescribed("getStatus", stored)
        let rows = Dictionary(stored.types.compactMap { row in row._type.map { ($0, row) } }) { first, _ in first }
        #expect(rows["HKQuantityTypeIdentifierStepCount"]?.rows == 1)
        #expect(rows["HKCategoryTypeIdentifierSleepAnalysis"]?.rows == 1)
    }

    @Test("Refusals arrive as the document's typed errors: a bad sample, no key, an unknown key")
    func refusals() async throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let recorder = ContractRecorder()
        let client = Self.client(
            server, token: try Tool.addPerson(TestPostgres.freshPerson("client")), recorder: recorder)

        var bad = Self.samples()[0]
        bad.start = "yesterday"
        guard case .badRequest(let refusal) = try await client.uploadSamples(body: .json(.case1([bad]))) else {
            Issue.record("a sample without a date was not answered 400")
            return
        }
        #expect(try refusal.body.json.error.contains("start"))
        try await recorder.expectDescribed("uploadSamples", try refusal.body.json)

        let anonymous = Self.client(server, token: nil, recorder: recorder)
        guard case .unauthorized = try await anonymous.getSyncStatus() else {
            Issue.record("no key was not answered 401")
            return
        }
        let stranger = Self.client(server, token: "hi_" + String(repeating: "0", count: 64), recorder: recorder)
        guard case .unauthorized = try await stranger.getRecords() else {
            Issue.record("an unknown key was not answered 401")
            return
        }
        let health = try await anonymous.getHealth().ok.body.json
        try await recorder.expectDescribed("getHealth", health)
        #expect(health.status == .ok)
        #expect(health.imports.running == 0 && health.imports.waiting == 0 && health.imports.limit >= 1)
        let ready = try await anonymous.getReady().ok.body.json
        try await recorder.expectDescribed("getReady", ready)
        #expect(ready.status == .ready)
        let document = try await String(collecting: try anonymous.getOpenAPI().ok.body.yaml, upTo: 1 << 20)
        #expect(document == (try String(contentsOfFile: OpenAPIContractTests.document, encoding: .utf8)))
    }

    @Test("The plain export upload, the person's own export and erasure, and the admin routes")
    func peopleRoutes() async throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let recorder = ContractRecorder()
        let jo = TestPostgres.freshPerson("client-jo")
        let sam = TestPostgres.freshPerson("client-sam")
        let client = Self.client(server, token: try Tool.addPerson(jo), recorder: recorder)
        let samClient = Self.client(server, token: try Tool.addPerson(sam), recorder: recorder)
        let admin = Self.client(server, token: server.adminToken, recorder: recorder)

        let xml = ServerExports.xml(steps: 20)
        let upload = try await client.uploadExport(query: .init(window: "all"), body: .xml(HTTPBody(xml))).ok
        guard case .ImportReport(let report) = try upload.body.json else {
            Issue.record("the first upload of an export was taken for an earlier one")
            return
        }
        try await recorder.expectDescribed("uploadExport", report)
        #expect(report.types.additionalProperties["HKQuantityTypeIdentifierStepCount"]?.new == 20)
        #expect(report.importId != nil)
        let repeated = try await client.uploadExport(query: .init(window: "all"), body: .xml(HTTPBody(xml))).ok
        guard case .ImportReport(let again) = try repeated.body.json else {
            Issue.record("the export uploaded again did not answer its counts")
            return
        }
        #expect(again.types.additionalProperties["HKQuantityTypeIdentifierStepCount"]?.alreadyImported == 20)
        #expect(again.total.new == 0)
        _ = try await samClient.uploadExport(query: .init(window: "all"), body: .xml(HTTPBody(xml))).ok

        let export = try await client.exportMe().ok
        #expect(export.headers.contentDisposition?.contains(".zip") == true)
        let zip = try await Data(collecting: try export.body.applicationZip, upTo: 16 << 20)
        #expect(zip.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]), "a zip's local file header")

        let reset = try await admin.resetBackfill(body: .json(.init(userId: sam))).ok.body.json
        try await recorder.expectDescribed("resetBackfill", reset)
        #expect(reset.success && reset.userId == sam)
        guard case .notFound = try await admin.erasePerson(path: .init(name: sam + "-nobody")) else {
            Issue.record("erasing nobody was not answered 404")
            return
        }
        guard case .forbidden = try await client.erasePerson(path: .init(name: sam)) else {
            Issue.record("a person's write key was not answered 403 on an admin route")
            return
        }

        let erasedSam = try await admin.erasePerson(path: .init(name: sam)).ok.body.json
        try await recorder.expectDescribed("erasePerson", erasedSam)
        #expect(erasedSam.person == sam && erasedSam.requestedBy == "admin token")
        #expect(erasedSam.total >= 20 && erasedSam.rows.additionalProperties.values.reduce(0, +) == erasedSam.total)

        let erasedJo = try await client.eraseMe(query: .init(confirm: .erase)).ok.body.json
        try await recorder.expectDescribed("eraseMe", erasedJo)
        #expect(erasedJo.person == jo && erasedJo.total >= 20)
        guard case .unauthorized = try await client.getSyncStatus() else {
            Issue.record("the erased person's key still works")
            return
        }
    }
}
#endif
