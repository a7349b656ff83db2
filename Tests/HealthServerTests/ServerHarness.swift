#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

/// The test PostgreSQL: `HEALTHIMPORT_TEST_POSTGRES` (CI sets it), else a throw-away server
/// started for the test process when PostgreSQL is installed (see `PostgresCluster`).
enum TestPostgres {
    static let url: String? = PostgresCluster.sharedURL
    static let reason = Comment(rawValue: PostgresCluster.skipReason)

    static func freshPerson(_ label: String) -> String {
        "\(label)-\(UUID().uuidString.prefix(8).lowercased())"
    }
}

/// Runs the built `healthimport` and `curl`, as a user and an app would.
enum Tool {
    static var repositoryRoot: String { TestPython.packageRoot }

    static var binary: String { BuiltBinary.healthimport }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` to its end, with `input` (else nothing) on its standard input.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let folder = NSTemporaryDirectory() + "healthimport-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        process.standardOutput = out
        process.standardError = err
        if let input {
            _ = FileManager.default.createFile(atPath: folder + "/in", contents: Data(input.utf8))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/in"))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: folder + "/out") ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: folder + "/err") ?? Data(), as: UTF8.self))
    }

    static func healthimport(_ arguments: [String], input: String? = nil) throws -> Output {
        try run(binary, arguments, input: input)
    }

    /// Adds `person` to the test database and returns their token (the last line `people add` prints).
    static func addPerson(_ person: String, database: String? = nil) throws -> String {
        let output = try healthimport(["people", "add", person, "--db", database ?? TestPostgres.url!])
        #expect(output.status == 0, "\(output.stderr)")
        return String(output.stdout.split(separator: "\n").last ?? "")
    }
}

/// An HTTP answer.
struct HTTPAnswer: Sendable {
    var status: Int
    var body: Data
    /// The answer's header lines, as received.
    var headers = ""
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
}

/// A `healthimport serve` process on a free loopback port, against the test PostgreSQL, with an
/// admin token of its own.
final class ServerProcess: Sendable {
    let serve: ServeProcess
    let adminToken: String

    init(
        maxUpload: Int? = nil, database: String? = nil, options: [String] = [], arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        let token = "admin-" + UUID().uuidString
        adminToken = token
        serve = try ServeProcess(
            database: database ?? TestPostgres.url!,
            arguments: (maxUpload.map { ["--max-upload", "\($0)"] } ?? []) + options + arguments,
            environment: environment.merging(["HEALTHIMPORT_ADMIN_TOKEN": token]) { $1 })
    }

    var process: Process { serve.process }
    var port: Int { serve.port }
    var stderr: String { serve.stderr }

    /// Sends `signal` and waits for the process; returns its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 { serve.stop(signal) }

    /// `curl` to the server: `body` is a file sent as it is (`--data-binary @file`), with
    /// `headers` beside (a `Content-Type` among them replaces `application/octet-stream`);
    /// `maxSeconds` ends a request that takes longer (status 0).
    func request(
        _ method: String, _ path: String, token: String?, bodyFile: String? = nil, body: String? = nil,
        rate: String? = nil, headers: [String: String] = [:], maxSeconds: Int? = nil
    ) throws -> HTTPAnswer {
        let folder = NSTemporaryDirectory() + "healthimport-curl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var arguments = [
            "-s", "-S", "-o", folder + "/body", "-D", folder + "/headers", "-w", "%{http_code}", "-X", method,
        ]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        var file = bodyFile
        if let body {
            file = folder + "/request"
            try body.write(toFile: file!, atomically: true, encoding: .utf8)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        if let file {
            if headers["Content-Type"] == nil { arguments += ["-H", "Content-Type: application/octet-stream"] }
            arguments += ["--data-binary", "@" + file]
        }
        if method == "HEAD" { arguments.append("-I") }
        if let rate { arguments += ["--limit-rate", rate] }
        if let maxSeconds { arguments += ["--max-time", String(maxSeconds)] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let output = try Tool.run("/usr/bin/curl", arguments)
        return HTTPAnswer(
            status: Int(output.stdout) ?? 0, body: FileManager.default.contents(atPath: folder + "/body") ?? Data(),
            headers: String(
                decoding: FileManager.default.contents(atPath: folder + "/headers") ?? Data(), as: UTF8.self))
    }
}
#endif
