#if PostgreSQL
/// Fields in PostgreSQL's `COPY ... FROM STDIN (FORMAT text)` format: tab between fields, a
/// newline after each row, `\N` for NULL, and backslash escapes for the four bytes that would
/// otherwise end a field or a row.
enum CopyText {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    private static let backslash = UInt8(ascii: "\\")

    static func writeNull(into data: inout [UInt8]) {
        data.append(backslash)
        data.append(UInt8(ascii: "N"))
    }

    /// The escape letter for a byte that needs one, else nil.
    @inline(__always)
    private static func escapeLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case backslash: return backslash
        case tab: return UInt8(ascii: "t")
        case newline: return UInt8(ascii: "n")
        case UInt8(ascii: "\r"): return UInt8(ascii: "r")
        default: return nil
        }
    }

    /// Writes bytes as a field, escaped. Runs of plain bytes are copied at once.
    static func write(_ bytes: UnsafeRawBufferPointer, into data: inout [UInt8]) {
        var start = 0
        for index in 0..<bytes.count {
            guard let letter = escapeLetter(bytes[index]) else { continue }
            if index > start { data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
            data.append(backslash)
            data.append(letter)
            start = index + 1
        }
        if bytes.count > start { data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...])) }
    }

    static func write(_ text: String, into data: inout [UInt8]) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), into: &data) }
    }

    /// Escapes `text` into an array (for fields written in every row).
    static func escape(_ text: String, into field: inout [UInt8]) {
        field.removeAll()
        write(text, into: &field)
    }

    static func write(_ value: Int64, into data: inout [UInt8]) {
        // Decimal digits, written backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var index = 20
            repeat {
                index -= 1
                digits[index] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { data.append(UInt8(ascii: "-")) }
            data.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[index..<20]))
        }
    }

    /// A finite or infinite double in a form PostgreSQL reads back to the same value: integral
    /// values as integers, others in Swift's shortest round-trip form.
    static func write(_ value: Double, into data: inout [UInt8]) {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            write(Int64(value), into: &data)
        } else if value.isFinite {
            var text = value.description
            text.withUTF8 { data.append(contentsOf: $0) }
        } else {
            var text = value < 0 ? "-Infinity" : "Infinity"
            text.withUTF8 { data.append(contentsOf: $0) }
        }
    }
}
#endif
