import Foundation
import OpenAPIRuntime
import Testing

@testable import HealthSyncClient

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
    let process: Process
    let port: Int
    let token: String
    let person: String
    let errorPath: String

    static let binary: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var root = #filePath
        for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
        let candidates = [bundle.appendingPathComponent("healthimport").path, root + "/.build/debug/healthimport"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    init() throws {
        person = "phone-" + UUID().uuidString.prefix(8).lowercased()
        token = try Self.addPerson(person)
        errorPath = NSTemporaryDirectory() + "healthimport-serve-" + UUID().uuidString
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        // The short webhook schedule of the other test servers on the database (see ServerHarness).
        process.arguments = ["serve", "--db", TestPostgres.url!, "--port", "0", "--webhook-retry", "1"]
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var found: Int?
        for _ in 0..<600 where found == nil {
            let text = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
            if let range = text.range(of: "on http://127.0.0.1:") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else if !process.isRunning {
                break
            } else {
                usleep(50_000)
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(
                message: String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self))
        }
        port = found
    }

    struct Failure: Error { var message: String }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: errorPath)
    }

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
