import HealthExport

/// Messages for people, on standard error.
enum Diagnostics {
    /// Whether standard error is a terminal (for progress lines).
    static var stderrIsTerminal: Bool { SystemCall.standardErrorIsTerminal }

    /// Prints one line on standard error.
    static func print(_ line: String) {
        write(line + "\n")
    }

    /// Writes `text` on standard error as is.
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { SystemCall.writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}

/// A failure the CLI reports as `healthimport: error: message` and exits non-zero on.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32 = 1

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}
