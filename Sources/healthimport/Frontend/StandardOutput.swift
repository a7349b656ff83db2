import HealthCore
import HealthJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole JSON lines to standard output in large blocks.
///
/// Only complete lines are ever handed to the kernel, so output cut short by an error or Ctrl-C
/// still ends with a whole, valid line.
final class StandardOutput {
    /// Raised when the reader of our output went away (`| head`); the run stops quietly.
    struct Closed: Error {}

    /// 64 KiB, a pipe's default capacity: blocks of 256 KiB were no faster into a pipe or
    /// `/dev/null`, and the buffer is part of a read's peak memory.
    static let flushThreshold = 1 << 16
    var buffer = JSONBuffer(capacity: 1 << 17)
    /// Where the lines go: standard output, or a file a command opened.
    let fileDescriptor: Int32
    /// The destination's name in messages.
    let name: String

    /// Output to `fileDescriptor` (standard output unless given), called `name` in messages.
    init(fileDescriptor: Int32 = 1, name: String = "standard output") {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// Writes the buffer out when it has grown past the threshold.
    func flushIfFull() throws {
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Writes everything buffered.
    func flush() throws {
        let bytes = buffer.bytes
        var offset = 0
        while offset < bytes.count {
            let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw Closed() }
                throw CommandFailure("cannot write to \(name): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        buffer.removeAll()
    }

    /// Writes `text` as is.
    static func print(_ text: String) throws {
        let output = StandardOutput()
        output.buffer.raw(text)
        try output.flush()
    }
}
