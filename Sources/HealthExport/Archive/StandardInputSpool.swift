#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a zip arriving on standard input to a temporary file, which zip reading needs (the
/// directory is at the end). The file is unlinked at once, so nothing is left behind, even on a crash.
enum StandardInputSpool {
    static func spool(prefix: [UInt8], rest: ByteSource) throws(ExportError) -> ArchiveFile {
        let name = rest.displayName
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(Paths.join(folder, "healthimport-stdin-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ExportError(
                .unreadable,
                SystemCall.describe(errno: errno, action: "cannot create a temporary file in \(folder) for the zip"),
                path: name)
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        do {
            try write(prefix, to: fd, name: name)
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { chunk.deallocate() }
            while true {
                let count = try rest.read(into: chunk)
                if count == 0 { break }
                try write(Array(chunk[..<count]), to: fd, name: name)
            }
        } catch {
            close(fd)
            throw error
        }
        return try ArchiveFile(adopting: fd, displayName: name)
    }

    private static func write(_ bytes: [UInt8], to fd: Int32, name: String) throws(ExportError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                SystemCall.retryingInterrupts { SystemCall.write(fd, raw.baseAddress! + done, bytes.count - done) }
            }
            guard count > 0 else {
                throw ExportError(
                    .unreadable, SystemCall.describe(errno: errno, action: "cannot copy the zip to a temporary file"),
                    path: name)
            }
            done += count
        }
    }
}
