import FuzzSupport
import HealthExport

#if canImport(Glibc)
    import Glibc
#endif

// Segments of 64 bytes: even small inputs are read on two parsers, cut every line or so.
setenv("HEALTHIMPORT_SEGMENT_BYTES", "64", 1)
runFuzzer { fuzzRead($0, $1) }

/// The whole read of `export.xml` from bytes: repair, the SAX driver, typed records. The first
/// byte picks the chunk size, so that tokens fall across chunk edges. Any error is fine, a
/// crash is not, and two parsers must read exactly what one reads: the same records in the
/// same order, and the same error.
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
    let one = read(parsers: 1)
    let two = read(parsers: 2)
    if one.error != two.error {
        fuzzFailure("errors differ: one parser \(one.error ?? "none"), two \(two.error ?? "none")")
    }
    if one.records != two.records {
        fuzzFailure("records differ: one parser \(one.records.count), two \(two.records.count)")
    }
    return 0
}
