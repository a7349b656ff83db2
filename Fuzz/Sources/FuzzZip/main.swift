import FuzzSupport
import HealthExport

#if canImport(Glibc)
import Glibc
#endif

runFuzzer { fuzzZip($0, $1) }

/// The zip reader on a file holding the input: the central directory (zip64 included), every
/// member inflated and checked, and the export found in it read in full. Output is bounded so
/// that a bomb costs time only up to a limit.
func fuzzZip(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let path = ZipFile.path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fuzzFailure("cannot write \(path)") }
    var written = 0
    while written < size {
        let n = write(fd, data + written, size - written)
        guard n > 0 else { fuzzFailure("cannot write \(path)") }
        written += n
    }
    close(fd)
    if let archive = try? ZipArchive(path: path) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        for entry in archive.entries {
            guard let source = try? archive.source(for: entry) else { continue }
            var total = 0
            while total < 64 << 20, let n = try? source.read(into: buffer), n > 0 { total += n }
        }
    }
    if let package = try? ExportPackage.open(path) {
        var records = 0
        _ = try? package.read { _ in
            records += 1
        }
    }
    return 0
}

enum ZipFile {
    static let path = "/tmp/healthimport-fuzz-\(getpid()).zip"
}
