import FuzzSupport
import HealthExport

runFuzzer { fuzzSidecars($0, $1) }

/// The sidecar readers: the first byte chooses a GPX route or an ECG CSV, the rest is the file.
func fuzzSidecars(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard size > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    if data[0] & 1 == 0 {
        _ = try? GPXReader.read(BytesSource(bytes, name: "route.gpx", chunk: 1 + Int(data[0]) * 31))
    } else {
        _ = try? ElectrocardiogramReader.parse(
            Array(bytes), filePath: "electrocardiograms/ecg.csv", displayName: "ecg.csv")
    }
    return 0
}
