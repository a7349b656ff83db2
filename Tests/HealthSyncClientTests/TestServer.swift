import Foundation
import HealthFixtures
import HealthSyncClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test PostgreSQL: `HEALTHIMPORT_TEST_POSTGRES` (`eval "$(Scripts/postgres.sh start)"`; CI sets it).
enum TestPostgres {
    static let url: String? = ProcessInfo.processInfo.environment["HEALTHIMPORT_TEST_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }
    static let enabled = url != nil
    static let reason: Comment =
        "HEALTHIMPORT_TEST_POSTGRES is not set: run `eval \"$(Scripts/postgres.sh start)\"` for the sync client's server tests"
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

    var transport: URLSessionTransport { URLSessionTransport(server: url, token: token) }

    /// The person's current samples of `type` on the server (`GET /api/healthkit/records`), as JSON objects.
    func records(_ type: String) async throws -> [[String: Any]] {
        let answer = try await transport.send(SyncRequest(method: "GET", path: "/api/healthkit/records?type=\(type)"))
        #expect(answer.status == 200)
        return String(decoding: answer.body, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Uploads an export (`POST /api/healthkit/exports`); returns its answer's counts by type.
    func uploadExport(_ xml: String) async throws -> [String: Any] {
        let answer = try await transport.send(
            SyncRequest(method: "POST", path: "/api/healthkit/exports?window=all", body: Data(xml.utf8)))
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
        return object?["types"] as? [String: Any] ?? [:]
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
