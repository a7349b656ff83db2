import Dispatch
import Foundation
import HealthExport
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where an upload's bytes go on their way to the reader: a pipe for XML, which the reader
/// parses as it arrives, or an unlinked temporary file for a zip, whose directory sits at its
/// end (the file is gone from the file system from the start, so nothing outlives the upload).
///
/// The reader opens ``path`` (`/proc/self/fd/N`) like any file. Writes wait on a queue of their
/// own, never on the server's threads, and each waits for the last: at most one chunk of the
/// body is in memory, and a reader that falls behind slows the client down.
final class UploadFeed: @unchecked Sendable {
    /// The descriptor the reader opens.
    let readDescriptor: Int32
    /// The descriptor the body is written to (the pipe's other end, or the file itself).
    private(set) var writeDescriptor: Int32
    /// Whether the bytes go to a file (a zip) rather than a pipe.
    let spooled: Bool
    private let queue = DispatchQueue(label: "healthimport.upload-feed")
    private let lock = NSLock()
    private var readOpen = true

    private init(read: Int32, write: Int32, spooled: Bool) {
        readDescriptor = read
        writeDescriptor = write
        self.spooled = spooled
    }

    /// The path the reader opens.
    var path: String { "/proc/self/fd/\(readDescriptor)" }

    /// A pipe, for XML.
    static func pipe() throws -> UploadFeed {
        var descriptors: [Int32] = [0, 0]
        guard Glibc.pipe(&descriptors) == 0 else {
            throw ExportError(.unreadable, "cannot make a pipe for the upload: \(String(cString: strerror(errno)))")
        }
        return UploadFeed(read: descriptors[0], write: descriptors[1], spooled: false)
    }

    /// An unlinked temporary file, for a zip.
    static func spool() throws -> UploadFeed {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array("\(folder)/healthimport-upload-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw ExportError(
                .unreadable,
                "cannot make a temporary file for the upload in \(folder): \(String(cString: strerror(errno)))")
        }
        unlink(template)
        return UploadFeed(read: descriptor, write: descriptor, spooled: true)
    }

    /// Writes `buffer` whole; returns `false` when the reader went away (the pipe is closed).
    func write(_ buffer: ByteBuffer) async throws -> Bool {
        let descriptor = writeDescriptor
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = buffer.withUnsafeReadableBytes { bytes -> Result<Bool, any Error> in
                    var offset = 0
                    while offset < bytes.count {
                        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            if errno == EPIPE { return .success(false) }
                            return .failure(
                                ExportError(.unreadable, "cannot write the upload: \(String(cString: strerror(errno)))")
                            )
                        }
                        offset += written
                    }
                    return .success(true)
                }
                continuation.resume(with: result)
            }
        }
    }

    /// Ends the input: the reader of a pipe sees its end.
    func finishWriting() async {
        guard !spooled, writeDescriptor >= 0 else { return }
        let descriptor = writeDescriptor
        writeDescriptor = -1
        await withCheckedContinuation { continuation in
            queue.async {
                Glibc.close(descriptor)
                continuation.resume()
            }
        }
    }

    /// Closes the reading end once the reader is done with it, so that a writer still
    /// feeding a pipe learns (EPIPE) that nobody reads any more.
    func closeReading() {
        lock.lock()
        defer { lock.unlock() }
        guard readOpen else { return }
        readOpen = false
        Glibc.close(readDescriptor)
    }

    /// Closes what is left open.
    func close() async {
        await finishWriting()
        closeReading()
    }
}
