import FuzzSupport
import HealthExport

runFuzzer { fuzzRead($0, $1) }

/// The whole read of `export.xml` from bytes: repair, the SAX driver, typed records. The first
/// byte picks the chunk size, so that tokens fall across chunk edges. Any error is fine, a
/// crash is not.
func fuzzRead(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard size > 0 else { return 0 }
    let chunk = 1 + Int(data[0]) * 97
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    var count = 0
    _ = try? ExportReader(source: BytesSource(bytes, chunk: chunk)).read { record in
        count += 1
        _ = record.type
        _ = record.start
    }
    return 0
}
