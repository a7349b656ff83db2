import HealthExport
import HealthJSON

/// A clinical record's FHIR resource, as the export holds it in `clinical-records/*.json`:
/// passed on unchanged, only put on one line.
public enum ClinicalResource {
    /// The largest resource file read; a larger one is left out with a warning, so that one
    /// file cannot take the memory a streaming run bounds.
    public static let maximumByteCount = 16 << 20

    /// Why a clinical record's file was not written.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The export has no file at the record's path.
        case missing(String)
        /// The file is larger than ``maximumByteCount``.
        case tooLarge(String)
        /// The file is not one JSON object.
        case notAnObject(String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) is not in the export"
            case .tooLarge(let path): "\(path) is larger than \(ClinicalResource.maximumByteCount >> 20) MiB"
            case .notAnObject(let path): "\(path) is not a JSON object"
            }
        }
    }

    /// Reads the whole of `source`, at most ``maximumByteCount`` bytes; `nil` when it holds more.
    public static func read(_ source: any ByteSource) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumByteCount else { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// `json` on one line: the whitespace between tokens removed, every string (and so every
    /// value) left byte for byte as written; `nil` when it is not one JSON object.
    ///
    /// JSON forbids raw line breaks inside strings, so what remains has none.
    public static func line(_ json: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(json.count)
        var inString = false
        var escaped = false
        var depth = 0
        // A UTF-8 byte-order mark is not part of the JSON.
        let start = json.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for byte in json[start...] {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    return nil
                }
                result.append(byte)
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                break
            }
            // Only one object: nothing before its brace, nothing after its end.
            if result.isEmpty ? byte != UInt8(ascii: "{") : depth == 0 { return nil }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            result.append(byte)
        }
        guard !result.isEmpty, depth == 0, !inString else { return nil }
        return result
    }
}
