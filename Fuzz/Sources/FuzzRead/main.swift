import FuzzSupport
import HealthExport

#if canImport(Glibc)
import Glibc
#endif

// Segments of 64 bytes: even small inputs are read on two parsers, cut every line or so.
setenv("HEALTHIMPORT_SEGMENT_BYTES", "64", 1)
runFuzzer { fuzzRead($0, $1) }

/// What the target compares besides reading: one parser that scans the markup must read
/// exactly what libxml2 alone reads (unless `FUZZ_COMPARE_SCAN=0`), and two parsers exactly
/// what one reads (unless `FUZZ_COMPARE_PARSERS=0`).
enum Comparison {
    static let scan = getenv("FUZZ_COMPARE_SCAN").map { String(cString: $0) != "0" } ?? true
    static let parsers = getenv("FUZZ_COMPARE_PARSERS").map { String(cString: $0) != "0" } ?? true
}

/// The whole read of `export.xml` from bytes: repair, the scan, the SAX driver, typed records,
/// on two parsers. The first byte picks the chunk size, so that tokens fall across chunk edges.
/// Any error is fine, a crash is not; compared (see ``Comparison``), the reads must give the
/// same records and error.
func fuzzRead(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard size > 0 else { return 0 }
    let chunk = 1 + Int(data[0]) * 97
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    func read(parsers: Int, scanning: Bool = true) -> (records: [HealthRecord], error: String?) {
        let reader = ExportReader(source: BytesSource(bytes, chunk: chunk))
        reader.parsers = parsers
        reader.scansRecords = scanning
        var records: [HealthRecord] = []
        do {
            _ = try reader.read { records.append($0) }
            return (records, nil)
        } catch {
            return (records, String(describing: error))
        }
    }
    let two = read(parsers: 2)
    guard Comparison.scan || Comparison.parsers else { return 0 }
    let one = read(parsers: 1)
    if Comparison.scan { compare(read(parsers: 1, scanning: false), "libxml2 alone", one, "scanning") }
    if Comparison.parsers { compare(one, "one parser", two, "two") }
    return 0
}

/// Stops the fuzzer when two reads of the same input differ. Where both fail before any
/// record, in the prolog, only their failing is compared: libxml2 reads a broken prolog (a DTD
/// with a comment or a `<HealthData` left open, say) differently depending on how its bytes
/// come, and a read that scans or cuts segments hands them over differently.
func compare(
    _ one: (records: [HealthRecord], error: String?), _ oneName: String,
    _ other: (records: [HealthRecord], error: String?), _ otherName: String
) {
    let inProlog = one.records.isEmpty && other.records.isEmpty && one.error != nil && other.error != nil
    if one.error != other.error, !inProlog {
        fuzzFailure("errors differ: \(oneName) \(one.error ?? "none"), \(otherName) \(other.error ?? "none")")
    }
    if one.records != other.records {
        fuzzFailure("records differ: \(oneName) \(one.records.count), \(otherName) \(other.records.count)")
    }
}
