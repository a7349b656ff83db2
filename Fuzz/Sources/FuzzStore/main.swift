import Foundation
import FuzzSupport
import HealthCore
import HealthExport
import HealthSQLite

runFuzzer { fuzzStore($0, $1) }

/// The store writer on fuzzed records: the bytes are read as `export.xml` (the real reader, so
/// every record the writer sees is one a user's export can produce) and imported twice into a
/// new SQLite store. Read errors are fine; anything else the import throws (a constraint
/// failure, a store error) is a defect, and so is a second import that finds anything new or
/// changes a row, or counts that do not add up to the rows stored. The first byte picks the
/// reader's chunk size and the batch size.
func fuzzStore(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input, size > 0 else { return 0 }
    let chunk = 1 + Int(data[0] & 0x3F) * 97
    let batchSize = 1 + Int(data[0] >> 6) * 3
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let path = newStore()
    defer { removeStore(path) }
    let first = importOnce(bytes, chunk: chunk, batchSize: batchSize, path: path)
    let stored = storedRows(path)
    let second = importOnce(bytes, chunk: chunk, batchSize: batchSize, path: path)
    let storedAgain = storedRows(path)
    if stored != storedAgain {
        fuzzFailure("the second import changed the store: \(stored) then \(storedAgain)")
    }
    switch (first, second) {
    case (.success(let first), .success(let second)):
        let total = first.report?.total ?? TypeCounts()
        let again = second.report?.total ?? TypeCounts()
        if again.new != 0 || again.updated != 0 || again.deleted != 0 {
            fuzzFailure("the second import found something new: \(again)")
        }
        if again.read != total.read || again.alreadyImported != total.new + total.updated {
            fuzzFailure("the imports' counts do not add up: \(total) then \(again)")
        }
        let rows = stored.values.reduce(0, +)
        if rows != total.new {
            fuzzFailure("\(total.new) new records but \(rows) rows stored: \(stored)")
        }
    case (.failure(let first), .failure(let second)):
        if first != second {
            fuzzFailure("the same bytes failed differently: \(first) then \(second)")
        }
    default:
        fuzzFailure("one import failed and the other did not: \(first) then \(second)")
    }
    return 0
}

/// One import of `bytes` into the store at `path`, with every record's date in the window. A
/// read error is the input's; any other error stops the fuzzer.
func importOnce(_ bytes: UnsafeRawBufferPointer, chunk: Int, batchSize: Int, path: String) -> Result<
    ImportResult, ExportError
> {
    var options = ImportOptions()
    options.window = .all
    options.windowGiven = true
    options.force = true
    options.batchSize = batchSize
    do {
        let store = try HealthStore.open(path: path)
        let reader = ExportReader(source: BytesSource(bytes, chunk: chunk))
        return .success(
            try Importer(destination: store).run(reader: reader, input: "fuzz.xml", signature: nil, options: options))
    } catch let error as ExportError {
        return .failure(error)
    } catch {
        fuzzFailure("the import failed other than on the input: \(error)")
    }
}

/// Rows per record type, as `status` counts them (marked deletions included).
func storedRows(_ path: String) -> [String: Int] {
    do {
        let status = try HealthStore.open(path: path, readOnly: true).status()
        return Dictionary(status.types.map { ($0.type, $0.rows + $0.marked) }, uniquingKeysWith: +)
    } catch {
        fuzzFailure("the store cannot be read back: \(error)")
    }
}

/// A new, empty store of this process's own: a copy of an empty store made once, as creating
/// the schema takes longer than an import of a fuzzed input.
func newStore() -> String {
    let path = storePath("")
    removeStore(path)
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else { fuzzFailure("cannot create \(path): errno \(errno)") }
    defer { close(file) }
    // libFuzzer's timers interrupt system calls: write until all is written.
    EmptyStore.bytes.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(file, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { fuzzFailure("cannot write \(path): errno \(errno)") }
            offset += written
        }
    }
    return path
}

/// An empty store's file, made at first use (a static: top-level code after `runFuzzer` never runs).
enum EmptyStore {
    static let bytes: [UInt8] = {
        let path = storePath("-empty")
        removeStore(path)
        defer { removeStore(path) }
        do {
            _ = try HealthStore.open(path: path)
        } catch {
            fuzzFailure("cannot create a store: \(error)")
        }
        return readAll(path)
    }()
}

/// The bytes of the file at `path`, read through interruptions.
func readAll(_ path: String) -> [UInt8] {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { fuzzFailure("cannot open \(path): errno \(errno)") }
    defer { close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress!, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { fuzzFailure("cannot read \(path): errno \(errno)") }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
    }
}

/// A file of this process's own, in memory-backed storage where there is some.
func storePath(_ suffix: String) -> String {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return folder + "/healthimport-fuzz-store-\(getpid())\(suffix).sqlite"
}

func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
        unlink(path + suffix)
    }
}
