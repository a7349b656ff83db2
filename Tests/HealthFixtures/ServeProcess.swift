import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `healthimport serve` process on a free loopback port (`--port 0`, the port read from the
/// line it prints on standard error), stopped when the value goes away.
public final class ServeProcess: @unchecked Sendable {
    /// The running server.
    public let process = Process()
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let errorPath: String

    /// The server exited, or printed no port, before it was ready; what it printed.
    public struct FailedToStart: Error, CustomStringConvertible {
        public var log: String
        public var description: String { "healthimport serve did not start: \(log)" }
    }

    /// Starts `healthimport serve --db database` with `arguments` after the common ones, and
    /// `environment` over the test process's own; returns once the server listens.
    public init(database: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        errorPath = NSTemporaryDirectory() + "healthimport-serve-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: BuiltBinary.healthimport)
        // Every test server delivers the webhooks queued in the shared database, whoever queued
        // them: all retry on the same short schedule, so none pushes another test's retry far out.
        process.arguments = ["serve", "--db", database, "--port", "0", "--webhook-retry", "1"] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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
            let log = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
            try? FileManager.default.removeItem(atPath: errorPath)
            throw FailedToStart(log: log)
        }
        port = found
    }

    /// What the server has printed on standard error so far.
    public var stderr: String {
        String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
    }

    /// Sends `signal` and waits for the process; returns its exit status.
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: errorPath)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}
