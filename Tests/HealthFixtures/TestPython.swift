import Foundation

/// The Python that tests read our output files with (DuckDB, pyarrow, gpxpy, a TCX reader,
/// fhir.resources, openapi-spec-validator): independent readers of every format we write.
///
/// It is `HEALTHIMPORT_TEST_PYTHON`, else `.build-python/bin/python3` in the package, which
/// `Scripts/python.sh` creates from `Tests/requirements.txt`. Without either, tests that need it
/// are skipped with ``skipReason``, except in CI (`CI` set), where they run and fail.
public enum TestPython {
    /// The interpreter, when there is one.
    public static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["HEALTHIMPORT_TEST_PYTHON"], !given.isEmpty { return given }
        let local = packageRoot + "/.build-python/bin/python3"
        return FileManager.default.isExecutableFile(atPath: local) ? local : nil
    }()

    /// Whether tests that need it run: always in CI, elsewhere when it is there.
    public static var enabled: Bool { path != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Why the tests that need it were skipped: `.enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason))`.
    public static let skipReason =
        "no Python with the readers: run Scripts/python.sh (or set HEALTHIMPORT_TEST_PYTHON)"

    /// The package's root folder.
    public static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// A failure of the script, with what it printed on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var stderr: String
        public var description: String { "python exited \(status): \(stderr)" }
    }

    /// Runs `script` (Python source) with `arguments` (its `sys.argv[1...]`) and returns what it
    /// printed on standard output; throws ``Failure`` when it exits non-zero.
    public static func run(_ script: String, _ arguments: [String] = []) throws -> String {
        guard let path else { throw Failure(status: -1, stderr: "\(skipReason)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        let errorPath = NSTemporaryDirectory() + "healthimport-python-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let stderr = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failure(status: process.terminationStatus, stderr: stderr) }
        return String(decoding: data, as: UTF8.self)
    }
}
