#if PostgreSQL
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `healthimport` running in the background, its output going to files, for tests
/// that do something to the database while it runs.
final class BackgroundTool: @unchecked Sendable {
    let process = Process()
    private let folder: String

    /// Starts `executable arguments` (by default the built `healthimport`).
    init(_ arguments: [String], executable: String = Tool.binary) throws {
        folder = NSTemporaryDirectory() + "healthimport-bg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    var stdout: String {
        String(decoding: FileManager.default.contents(atPath: folder + "/out") ?? Data(), as: UTF8.self)
    }

    var stderr: String {
        String(decoding: FileManager.default.contents(atPath: folder + "/err") ?? Data(), as: UTF8.self)
    }

    /// Waits up to `seconds` for the process to exit; its status, or `nil` if it still runs.
    func exit(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
#endif
