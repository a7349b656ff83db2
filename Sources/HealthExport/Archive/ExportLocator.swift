/// Recognises an export's XML by its content, not its name: Apple localizes the file name
/// (`export.xml`, `Export.xml`, `exportar.xml`, `vienti.xml`, `导出.xml`, ...) but the document
/// is always a `HealthData`. `export_cda.xml` (a `ClinicalDocument`) never matches.
public enum ExportLocator {
    /// How many leading bytes are enough to decide.
    public static let sniffLength = 1024

    /// What the first bytes of an input look like.
    public enum Kind: Sendable, Equatable {
        /// A zip archive (`PK\3\4`, or `PK\5\6` for an empty one).
        case zip
        /// An XML document whose root (or DOCTYPE) is `HealthData`.
        case healthExport
        /// Some other XML document, with its root element's name when it was seen.
        case otherXML(String?)
        /// Neither zip nor XML.
        case unknown
    }

    /// Classifies an input from its first bytes (up to ``sniffLength``).
    public static func classify<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> Kind {
        let bytes = Array(prefix.prefix(sniffLength))
        if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B,
            (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6)
        {
            return .zip
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var sawMarkup = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else { return sawMarkup ? .otherXML(nil) : .unknown }
            sawMarkup = true
            if matches("<?", bytes, at: index) {
                guard let end = find("?>", bytes, from: index) else { break }
                index = end + 2
            } else if matches("<!--", bytes, at: index) {
                guard let end = find("-->", bytes, from: index) else { break }
                index = end + 3
            } else if matches("<!DOCTYPE", bytes, at: index) {
                let name = self.name(in: bytes, at: index + 9)
                return name == "HealthData" ? .healthExport : .otherXML(name)
            } else {
                let name = self.name(in: bytes, at: index + 1)
                return name == "HealthData" ? .healthExport : .otherXML(name)
            }
        }
        // The first KB ended inside a long comment or declaration: fall back to a plain search.
        guard sawMarkup else { return .unknown }
        if find("<HealthData", bytes, from: 0) != nil || find("<!DOCTYPE HealthData", bytes, from: 0) != nil {
            return .healthExport
        }
        return .otherXML(nil)
    }

    /// Whether `prefix` starts an Apple Health export's XML.
    public static func isHealthExport<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> Bool {
        classify(prefix) == .healthExport
    }

    /// Up to ``sniffLength`` leading bytes of `source` (consumed from it).
    static func prefix(of source: ByteSource) throws(ExportError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: sniffLength, alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < sniffLength {
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return Array(buffer[..<filled])
    }

    private static func name(in bytes: [UInt8], at start: Int) -> String? {
        var index = start
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "[")
            {
                break
            }
            end += 1
        }
        guard end > index else { return nil }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    private static func matches(_ text: StaticString, _ bytes: [UInt8], at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { needle in
            for j in 0..<count where bytes[index + j] != needle[j] { return false }
            return true
        }
    }

    private static func find(_ text: StaticString, _ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + text.utf8CodeUnitCount <= bytes.count {
            if matches(text, bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
