#if PostgreSQL
import Foundation
import HealthFixtures
import OpenAPIRuntime
import Testing

@testable import HealthSyncClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test PostgreSQL: `HEALTHIMPORT_TEST_POSTGRES` (CI sets it), else a throw-away server
/// started for the test process when PostgreSQL is installed (see `PostgresCluster`).
enum TestPostgres {
    static let url: String? = PostgresCluster.sharedURL
    static let enabled = url != nil
    static let reason = Comment(rawValue: PostgresCluster.skipReason)
}

/// A `healthimport serve` process (built with the PostgreSQL trait) on a free loopback port,
/// and one person on it.
final class TestServer: Sendable {
    let serve: ServeProcess
    let token: String
    let person: String

    static var binary: String { BuiltBinary.healthimport }

    init() throws {
        person = "phone-" + UUID().uuidString.prefix(8).lowercased()
        token = try Self.addPerson(person)
        serve = try ServeProcess(database: TestPostgres.url!)
    }

    struct Failure: Error { var message: String }

    var port: Int { serve.port }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var transport: APIClientTransport { APIClientTransport(server: url, token: token) }

    /// The person's current records on the server (`GET /api/healthkit/records`, of `type` when
    /// given), as JSON objects.
    func records(_ type: String? = nil) async throws -> [[String: Any]] {
        let answer = try await transport.client.getRecords(query: .init(_type: type.map { [$0] }))
        let text = try await String(collecting: try answer.ok.body.applicationXNdjson, upTo: 256 << 20)
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Uploads an export (`POST /api/healthkit/exports`); returns its answer's counts by type.
    func uploadExport(_ xml: String) async throws -> [String: Components.Schemas.Counts] {
        let answer = try await transport.client.uploadExport(query: .init(window: "all"), body: .xml(HTTPBody(xml)))
        guard case .ImportReport(let report) = try answer.ok.body.json else {
            Issue.record("the export was taken for one uploaded before")
            return [:]
        }
        return report.types.additionalProperties
    }

    private static func addPerson(_ person: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["people", "add", person, "--db", TestPostgres.url!]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(message: "people add \(person) failed") }
        return String(String(decoding: output, as: UTF8.self).split(separator: "\n").last ?? "")
    }
}
#endif
