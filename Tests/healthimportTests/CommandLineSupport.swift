import Foundation
import HealthFixtures
import Testing

/// Runs the built `healthimport` binary, as a user would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static var repositoryRoot: String { TestPython.packageRoot }

    static var binary: String { BuiltBinary.healthimport }

    static func sample(_ path: String) -> String { repositoryRoot + "/SampleExports/" + path }

    /// Runs `healthimport arguments`, feeding `stdin` when given, from `directory`.
    static func run(_ arguments: [String], stdin: Data? = nil, directory: String? = nil) throws -> Result {
        try runProcess(binary, arguments, stdin: stdin, directory: directory)
    }

    /// Runs any program the same way: standard output through a pipe, standard error through a file.
    static func runProcess(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, directory: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let errorPath = NSTemporaryDirectory() + "healthimport-stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = errors
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            try input.fileHandleForWriting.write(contentsOf: stdin)
            try input.fileHandleForWriting.close()
        }
        // Standard error goes to a file, so only one pipe needs draining before the wait.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "healthimport-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
