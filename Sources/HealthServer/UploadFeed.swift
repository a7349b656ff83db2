#if PostgreSQL
import Dispatch
import Foundation
import HealthExport
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an upload's bytes go on their way to the reader: a pipe for XML, which the reader
/// parses as it arrives, or an unlinked temporary file for a zip, whose directory sits at its
/// end (the file is gone from the file system from the start, so nothing outlives the upload).
///
/// The reader takes its own descriptor of it (``openPackage()``). Writes wait on a queue of their
/// own, never on the server's threads, and each waits for the last: at most one chunk of the
/// body is in memory, and a reader that falls behind slows the client down.
final class UploadFeed: Sendable {
    /// The descriptor the reader opens.
    let readDescriptor: Int32
    /// The descriptor the body is written to (the pipe's other end, or the file itself); -1 once
    /// a pipe's is closed.
    private let writeEnd: Locked<Int32>
    /// Whether the bytes go to a file (a zip) rather than a pipe.
    let spooled: Bool
    private let queue = DispatchQueue(label: "healthimport.upload-feed")
    private let readOpen = Locked(true)

    private init(read: Int32, write: Int32, spooled: Bool) {
        readDescriptor = read
        writeEnd = Locked(write)
        self.spooled = spooled
    }

    /// The export the reader reads, on a descriptor of its own: a zip read at any offset from
    /// the spooled file, or XML read from the pipe as it arrives.
    func openPackage() throws(ExportError) -> ExportPackage {
        let descriptor = SystemCall.duplicate(readDescriptor)
        guard descriptor >= 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot read the upload"))
        }
        return try ExportPackage.open(adopting: descriptor, displayName: "upload")
    }

    /// A pipe, for XML.
    static func pipe() throws -> UploadFeed {
        switch SystemCall.pipe() {
        case .success(let ends):
            return UploadFeed(read: ends.read, write: ends.write, spooled: false)
        case .failure(let error):
            throw ExportError(.unreadable, "cannot make a pipe for the upload: \(error)")
        }
    }

    /// An unlinked temporary file in `folder`, for a zip.
    static func spool(in folder: String) throws -> UploadFeed {
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

    /// The part file of a resumable upload, opened (made, when new) for writing at `offset`.
    /// Bytes past `offset` (written by a request that broke off before it could record them)
    /// are cut off; a file shorter than `offset` means the server lacks bytes it was told of.
    static func part(at path: String, offset: Int64) throws -> UploadFeed {
        let descriptor = SystemCall.retryingInterrupts { open(path, O_WRONLY | O_CREAT, 0o600) }
        guard descriptor >= 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot open \(path)"))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int64(info.st_size) >= offset else {
            SystemCall.close(descriptor)
            throw ServerFailure(
                .internalServerError,
                "this server has only the upload's first bytes of \(offset) in \(path): every server an upload goes to must share --spool-dir"
            )
        }
        guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
        else {
            let code = errno
            SystemCall.close(descriptor)
            throw ExportError(.unreadable, SystemCall.describe(errno: code, action: "cannot write \(path)"))
        }
        return UploadFeed(read: descriptor, write: descriptor, spooled: true)
    }

    /// The complete part file of a resumable upload, for the reader.
    static func part(at path: String) throws -> UploadFeed {
        let descriptor = SystemCall.retryingInterrupts { open(path, O_RDONLY) }
        guard descriptor >= 0 else {
            throw ExportError(
                .unreadable, SystemCall.describe(errno: errno, action: "cannot read the upload's bytes in \(path)"))
        }
        return UploadFeed(read: descriptor, write: descriptor, spooled: true)
    }

    /// Waits until what was written is on the disk.
    func synchronize() async throws {
        let descriptor = writeEnd.load()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async {
                if SystemCall.retryingInterrupts({ fsync(descriptor) }) == 0 {
                    continuation.resume()
                } else {
                    continuation.resume(
                        throwing: ExportError(
                            .unreadable, SystemCall.describe(errno: errno, action: "cannot write the upload")))
                }
            }
        }
    }

    /// Writes `buffer` whole; returns `false` when the reader went away (the pipe is closed).
    func write(_ buffer: ByteBuffer) async throws -> Bool {
        let descriptor = writeEnd.load()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = buffer.withUnsafeReadableBytes { bytes -> Result<Bool, any Error> in
                    switch SystemCall.writeAll(descriptor, bytes) {
                    case nil: return .success(true)
                    case EPIPE: return .success(false)
                    case let code?:
                        return .failure(
                            ExportError(
                                .unreadable, SystemCall.describe(errno: code, action: "cannot write the upload")))
                    }
                }
                continuation.resume(with: result)
            }
        }
    }

    /// Ends the input: the reader of a pipe sees its end.
    func finishWriting() async {
        guard !spooled else { return }
        let descriptor = writeEnd.withLock { end in
            defer { end = -1 }
            return end
        }
        guard descriptor >= 0 else { return }
        await withCheckedContinuation { continuation in
            queue.async {
                SystemCall.close(descriptor)
                continuation.resume()
            }
        }
    }

    /// Closes the reading end once the reader is done with it, so that a writer still
    /// feeding a pipe learns (EPIPE) that nobody reads any more.
    func closeReading() {
        let wasOpen = readOpen.withLock { open in
            defer { open = false }
            return open
        }
        if wasOpen { SystemCall.close(readDescriptor) }
    }

    /// Closes what is left open.
    func close() async {
        await finishWriting()
        closeReading()
    }
}
#endif
