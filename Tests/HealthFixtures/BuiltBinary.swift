import Foundation

/// The package's programs as the tests run them.
public enum BuiltBinary {
    /// The built `healthimport` beside the test bundle (`swift test` builds every product of the
    /// package), else the one in `.build/debug`.
    public static let healthimport: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundle.appendingPathComponent("healthimport").path, TestPython.packageRoot + "/.build/debug/healthimport",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()
}
