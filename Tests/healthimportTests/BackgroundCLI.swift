import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built binary running in the background (`watch`, `mcp`), its output going to files.
final class BackgroundCLI {
    let process = Process()
    let outputPath: String
    let errorPath: String
    private let input = Pipe()

    /// Starts `healthimport arguments` in `directory`; standard input stays open for ``send(_:)``.
    init(_ arguments: [String], directory: String) throws {
        outputPath = directory + "/.stdout-" + UUID().uuidString
        errorPath = directory + "/.stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = input
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Writes `text` to the program's standard input.
    func send(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Closes the program's standard input.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// Waits up to `seconds` for `condition` to hold; returns whether it did.
    @discardableResult
    func waitFor(_ seconds: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Sends SIGTERM and waits for the exit; returns the exit status.
    func terminate() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        return waitForExit()
    }

    /// Waits (up to 30 s) for the program to end; returns its exit status, or -1 after killing it.
    func waitForExit() -> Int32 {
        if !waitFor(30, { !process.isRunning }) {
            process.terminate()
            process.waitUntilExit()
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
