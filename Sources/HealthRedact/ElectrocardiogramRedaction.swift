import HealthExport

/// Redacts an ECG recording (`electrocardiograms/ecg_….csv`): the header lines that name the
/// person or give their date of birth go, the recorded date is shifted, the samples stay.
enum ElectrocardiogramRedaction {
    /// Header keys of the person's name and date of birth, in the languages seen in exports.
    static let personalKeys: Set<String> = [
        "name", "date of birth", "geburtsdatum", "nom", "date de naissance", "nombre", "fecha de nacimiento",
        "nome", "data di nascita", "data de nascimento", "naam", "geboortedatum",
    ]

    /// The redacted file, and its recorded date as the original wrote it (for the window).
    static func redact(_ bytes: [UInt8], shift: DateShift) -> (bytes: [UInt8], recorded: ExportTimestamp?) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var recorded: ExportTimestamp?
        var headerLine = 0
        var inSamples = false
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let lineEnd = end < bytes.count ? end + 1 : end
            var line = Array(bytes[start..<lineEnd])
            start = lineEnd
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: " \r\n\u{FEFF}")
            if text.isEmpty || inSamples {
                out.append(contentsOf: line)
                continue
            }
            if isSample(text) {
                inSamples = true
                out.append(contentsOf: line)
                continue
            }
            headerLine += 1
            let (key, value) = keyValue(text)
            let parsed = TimestampParser.parse(value)
            if personalKeys.contains(key.lowercased()) { continue }
            // Name and date of birth come first in every export seen: in another language,
            // a first or second line that is no date of recording goes too.
            if headerLine <= 2, parsed == nil, !value.lowercased().contains("hertz") { continue }
            if recorded == nil, let parsed { recorded = parsed }
            line.withUnsafeMutableBytes { _ = shift.apply($0) }
            out.append(contentsOf: line)
        }
        return (out, recorded)
    }

    private static func isSample(_ text: String) -> Bool {
        text.utf8.allSatisfy { DateShift.isDigit($0) || $0 == 0x2D || $0 == 0x2E || $0 == 0x2C || $0 == 0x3B }
            && text.utf8.contains(where: DateShift.isDigit)
    }

    private static func keyValue(_ text: String) -> (String, String) {
        let separator = text.firstIndex { $0 == "," || $0 == ";" } ?? text.endIndex
        let key = String(text[..<separator]).trimmingCharacters(in: "\" ")
        let rest = separator < text.endIndex ? text[text.index(after: separator)...] : ""
        return (key, String(rest).trimmingCharacters(in: "\" ,;"))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self).unicodeScalars
        while let first = view.first, scalars.contains(first) { view.removeFirst() }
        while let last = view.last, scalars.contains(last) { view.removeLast() }
        return String(view)
    }
}
