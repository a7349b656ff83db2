/// Reads an ECG recording (`electrocardiograms/ecg_….csv`) from an export.
///
/// The file opens with key/value lines (`Name`, `Date of Birth`, `Recorded Date`,
/// `Classification`, `Symptoms`, `Software Version`, `Device`, `Sample Rate`, `Lead`, `Unit`),
/// fields quoted when they hold commas (`"Watch6,7"`), then one voltage per line. A line is a
/// sample once it is purely numeric; the decimal separator follows the locale (`-265,868`).
/// When the header keys are not the English ones, the recorded date and the sample rate are
/// recognised by their values.
///
/// A file re-saved by a spreadsheet reads the same: CRLF or CR line ends, a byte order mark,
/// every field quoted, `;` instead of `,` between fields, and trailing separators after each
/// line's last cell (`-107.825,`, `Lead I;;`).
public enum ElectrocardiogramReader {
    /// The largest ECG file read (a 30-second recording at 512 Hz is about 150 KB).
    static let sizeLimit = 64 << 20

    /// Reads the CSV in `source`; `filePath` is the path the record keeps.
    public static func read(_ source: ByteSource, filePath: String) throws(ExportError) -> Electrocardiogram {
        try parse(readBytes(source), filePath: filePath, displayName: source.displayName)
    }

    /// The whole of the ECG file in `source`, up to ``sizeLimit``.
    package static func readBytes(_ source: ByteSource) throws(ExportError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try source.read(into: chunk)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= sizeLimit else {
                throw ExportError(
                    .tooLarge, "the ECG file is larger than \(sizeLimit >> 20) MB", path: source.displayName)
            }
        }
        return bytes
    }

    /// Parses the CSV's bytes.
    public static func parse(_ bytes: [UInt8], filePath: String, displayName: String) throws(ExportError)
        -> Electrocardiogram
    {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var recorded: ExportTimestamp?
        var fields: [String: String] = [:]
        var rate: Double?
        var samples: [Double] = []
        samples.reserveCapacity(16_000)
        var inSamples = false
        var lineNumber = 0
        for rawLine in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            lineNumber += 1
            let line = rawLine.trimmingSpaces
            if line.isEmpty { continue }
            if let sample = sampleValue(line) {
                samples.append(sample)
                inSamples = true
                continue
            }
            guard !inSamples else { continue }
            let (key, value) = keyValue(line)
            if key.isEmpty && value.isEmpty { continue }
            let name = key.lowercased()
            fields[name] = value
            if recorded == nil {
                if let date = TimestampParser.parse(value) {
                    recorded = date
                } else if name == "recorded date" {
                    throw ExportError(
                        .malformed, "Recorded Date `\(value)` is not a date", path: displayName, line: lineNumber)
                }
            }
            if rate == nil, name == "sample rate" || value.lowercased().hasSuffix("hertz") || value.hasSuffix("Hz") {
                rate = leadingNumber(value)
            }
        }
        guard let recorded else {
            throw ExportError(.malformed, "the ECG file has no Recorded Date", path: displayName)
        }
        func field(_ key: String) -> String? {
            fields[key].flatMap { $0.isEmpty ? nil : $0 }
        }
        return Electrocardiogram(
            filePath: filePath, recordedDate: recorded, classification: field("classification"),
            symptoms: field("symptoms"), softwareVersion: field("software version"), device: field("device"),
            sampleRateHertz: rate, lead: field("lead"), unit: field("unit"), samples: samples)
    }

    /// The sample a purely numeric line holds (`-107.825`, `-265,868`, `12`, `"0,5"`), else `nil`.
    static func sampleValue(_ line: Substring) -> Double? {
        var utf8 = Array(line.utf8)
        // A spreadsheet's empty cells after the value: `-107.825,` or `-265,868;;`.
        while let last = utf8.last, last == UInt8(ascii: ",") || last == UInt8(ascii: ";") || isBlank(last) {
            utf8.removeLast()
        }
        if utf8.count >= 2, utf8.first == UInt8(ascii: "\""), utf8.last == UInt8(ascii: "\"") {
            utf8 = Array(utf8.dropFirst().dropLast())
        }
        var index = 0
        if index < utf8.count, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        var separators = 0
        while index < utf8.count {
            let byte = utf8[index]
            if isDigit(byte) {
                digits += 1
            } else if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")) && separators == 0 && digits > 0 {
                separators += 1
                utf8[index] = UInt8(ascii: ".")
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, utf8.last.map(isDigit) == true else { return nil }
        return utf8.withUnsafeBytes { NumberParser.parseDouble($0) }
    }

    /// Splits `Key,value` (or `Key;value`) where either may be quoted (`Device,"Watch6,7"`);
    /// `""` inside quotes is a quote. After a quoted value, further cells are ignored; an
    /// unquoted value keeps its commas (`512,844 hertz`) but not a spreadsheet's trailing
    /// separators (`Lead I,,`).
    static func keyValue(_ line: Substring) -> (String, String) {
        let characters = Array(line)
        var index = 0
        let key = cell(characters, &index, separators: [",", ";"])
        guard index < characters.count else { return (key, "") }
        let separator = characters[index]
        index += 1
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        if index < characters.count, characters[index] == "\"" {
            return (key, cell(characters, &index, separators: [separator]))
        }
        var rest = characters[index...]
        while let last = rest.last, last == separator || last == " " || last == "\t" { rest.removeLast() }
        return (key, String(rest))
    }

    /// The cell starting at `index`, unquoted and trimmed; leaves `index` on the separator
    /// that ends it (or at the end).
    private static func cell(_ characters: [Character], _ index: inout Int, separators: Set<Character>) -> String {
        var text = ""
        var quoted = false
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        text.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    text.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if separators.contains(character) {
                break
            } else {
                text.append(character)
            }
            index += 1
        }
        return String(text.trimmingSpaces)
    }

    /// The number at the start of `512 hertz` or `512,844 hertz`.
    static func leadingNumber(_ text: String) -> Double? {
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }.replacingComma
        return number.isEmpty ? nil : NumberParser.parseDouble(number)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return Substring() }
        let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return Substring(text[first...last])
    }

    /// With `,` replaced by `.`.
    var replacingComma: String {
        String(map { $0 == "," ? "." : $0 })
    }
}

@inline(__always)
private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
}
