import FuzzSupport
import HealthExport

#if canImport(Glibc)
    import Glibc
#endif

// Segments of 64 bytes: even small inputs are read on two parsers, cut every line or so.
setenv("HEALTHIMPORT_SEGMENT_BYTES", "64", 1)
runFuzzer { fuzzRead($0, $1) }

/// With `FUZZ_COMPARE_PARSERS=1`, two parsers must also read exactly what one reads. Not by
/// default: one such difference is open (`Fuzz/Findings/`), and `.ci/run` fuzzes every target.
enum Comparison {
    static let parsers = getenv("FUZZ_COMPARE_PARSERS").map { String(cString: $0) == "1" } ?? false
}

/// The whole read of `export.xml` from bytes: repair, the SAX driver, typed records, on two
/// parsers. The first byte picks the chunk size, so that tokens fall across chunk edges. Any
/// error is fine, a crash is not; compared, one parser must give the same records and error.
func fuzzRead(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard size > 0 else { return 0 }
    let chunk = 1 + Int(data[0]) * 97
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    func read(parsers: Int) -> (records: [HealthRecord], error: String?) {
        let reader = ExportReader(source: BytesSource(bytes, chunk: chunk))
        reader.parsers = parsers
        var records: [HealthRecord] = []
        do {
            _ = try reader.read { records.append($0) }
            return (records, nil)
        } catch {
            return (records, String(describing: error))
        }
    }
    let two = read(parsers: 2)
    guard Comparison.parsers else { return 0 }
    let one = read(parsers: 1)
    if one.error != two.error {
        fuzzFailure("errors differ: one parser \(one.error ?? "none"), two \(two.error ?? "none")")
    }
    if one.records != two.records {
        fuzzFailure("records differ: one parser \(one.records.count), two \(two.records.count)")
    }
    return 0
}
