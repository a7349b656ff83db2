import HealthExport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of elements written to a ``SpillFile``: where it starts and how many it holds.
struct SpillRun: Sendable, Equatable {
    /// Its first byte in the file.
    var offset: Int
    /// Its elements.
    var count: Int
}

/// A temporary file can not be created, written or read (a full disk, most often).
public struct SpillError: Error, Sendable, CustomStringConvertible {
    /// What failed, in words.
    public var description: String
}

/// An unlinked temporary file (in `TMPDIR`, else `/tmp`) holding sorted runs of fixed-size
/// elements: what keeps a run's memory bounded however large the export, since the IDs it read
/// go there once they pass the memory limit. Nothing is left behind, even on a crash.
///
/// One thread appends while the run is read; once the run has ended the file is only read, with
/// `pread`, which needs no lock.
final class SpillFile: Sendable {
    private let descriptor: Int32
    /// Where the next run goes.
    private let end = Locked(0)

    init() throws(SpillError) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
        template += Array("healthimport-ids-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Self.failure("cannot create a temporary file in \(folder)") }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes `elements` after what the file holds and returns their run.
    func append<Element: BitwiseCopyable>(_ elements: [Element]) throws(SpillError) -> SpillRun {
        let end = self.end.load()
        let run = SpillRun(offset: end, count: elements.count)
        let written = elements.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(end + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard written else { throw Self.failure("cannot write the IDs this run read to a temporary file") }
        self.end.store(end + elements.count * MemoryLayout<Element>.stride)
        return run
    }

    /// Fills `buffer` with up to its capacity of `run`'s elements from `index` on; returns how many.
    func read<Element: BitwiseCopyable>(
        _ run: SpillRun, from index: Int, into buffer: inout [Element], capacity: Int
    ) throws(SpillError) -> Int {
        let count = min(capacity, run.count - index)
        buffer.removeAll(keepingCapacity: true)
        guard count > 0 else { return 0 }
        let stride = MemoryLayout<Element>.stride
        let complete = withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { space in
            let raw = UnsafeMutableRawBufferPointer(space)
            var done = 0
            while done < count * stride {
                let got = pread(
                    descriptor, raw.baseAddress! + done, count * stride - done,
                    off_t(run.offset + index * stride + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            buffer.append(contentsOf: space)
            return true
        }
        guard complete else { throw Self.failure("cannot read back the IDs this run read from a temporary file") }
        return count
    }

    private static func failure(_ action: String) -> SpillError {
        SpillError(description: "\(action): \(String(cString: strerror(errno)))")
    }
}
