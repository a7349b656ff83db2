import HealthExport

/// Passes the export's bytes on to the reader's repair and keeps a copy of the first ones, so the
/// prolog (XML declaration, comments, the DTD the repair blanks) can be written as the file has it.
///
/// The copy stops once the prolog has been taken, and never holds more than ``limit`` bytes.
final class PrologRecorder: ByteSource {
    /// The most kept: more than the repair reads to find the prolog's end.
    static let limit = 8 << 20

    private let upstream: ByteSource
    private var recorded: [UInt8] = []
    private var recording = true

    init(_ upstream: ByteSource) {
        self.upstream = upstream
    }

    var displayName: String { upstream.displayName }
    var expectedByteCount: Int64? { upstream.expectedByteCount }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = try upstream.read(into: buffer)
        if recording, count > 0, recorded.count < Self.limit {
            recorded.append(
                contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<min(count, Self.limit - recorded.count)]))
        }
        return count
    }

    /// Hands the first `length` bytes to `body`, then stops recording.
    func take(upTo length: Int64, _ body: (UnsafeRawBufferPointer) -> Void) throws {
        defer {
            recording = false
            recorded = []
        }
        guard length <= recorded.count else {
            throw ExportError(.tooLarge, "the export's prolog is longer than \(Self.limit >> 20) MB", path: displayName)
        }
        recorded.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<Int(length)])) }
    }
}
