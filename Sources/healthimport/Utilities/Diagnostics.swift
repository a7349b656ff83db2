#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages for people, on standard error.
enum Diagnostics {
    /// Whether standard error is a terminal (for progress lines).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Prints one line on standard error.
    static func print(_ line: String) {
        write(line + "\n")
    }

    /// Writes `text` on standard error as is.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
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
