/// Decimal number parsing straight from attribute bytes.
public enum NumberParser {
    /// Exact powers of ten representable as `Double` (10^0 ... 10^22), for the fast path.
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses `-12.5`, `1e3`, `0.000123` and the like; `nil` when `bytes` is not a plain decimal number.
    ///
    /// Numbers of up to 19 significant digits with a small exponent are computed exactly from
    /// integers (Clinger's fast path); anything else goes through the standard library's parser.
    public static func parseDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawDigit = false
        while index < count, bytes[index] &- 48 < 10 {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48)
                if mantissa != 0 { digits += 1 }
            } else {
                scale += 1
            }
            sawDigit = true
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- 48 < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48)
                    if mantissa != 0 { digits += 1 }
                    scale -= 1
                }
                sawDigit = true
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            return slowPath(bytes)
        }
        guard index == count else { return nil }
        if mantissa < (1 << 53), scale >= -22, scale <= 22 {
            var value = Double(mantissa)
            value = scale < 0 ? value / exactPowers[-scale] : value * exactPowers[scale]
            return negative ? -value : value
        }
        return slowPath(bytes)
    }

    private static func slowPath(_ bytes: UnsafeRawBufferPointer) -> Double? {
        // The standard library's parser stops at a NUL byte, as C does: refuse it here.
        guard !bytes.contains(0) else { return nil }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Parses a `Double` held in a `String`.
    public static func parseDouble(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parseDouble(UnsafeRawBufferPointer($0)) }
    }
}

/// Parses the locale-formatted times of day of `InstantaneousBeatsPerMinute@time`.
public enum TimeOfDayParser {
    /// Milliseconds since midnight for `6:14:48.94 PM`, `6:14:48.94\u{202F}PM`, `08:33:44,67`, `17:07:00`;
    /// `nil` when the text is not a time of day.
    public static func millisecondsSinceMidnight(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var cursor = DigitCursor(bytes)
        // Chinese, Japanese and Korean write the day half first: 上午6:14:48, 오후 6:14:48.
        var leadingHalf: Bool?
        if let first = cursor.peek, first >= 0x80 {
            guard let (afternoon, length) = dayHalf(bytes, from: 0) else { return nil }
            leadingHalf = afternoon
            cursor.index = length
            while cursor.consume(0x20) {}
        }
        guard var hour = cursor.number(), hour < 24, cursor.consume(UInt8(ascii: ":")),
            let minute = cursor.digits(2), minute < 60
        else { return nil }
        var millis = 0
        var second = 0
        if cursor.consume(UInt8(ascii: ":")) {
            guard let s = cursor.digits(2), s <= 60 else { return nil }
            second = s
            if cursor.consume(UInt8(ascii: ".")) || cursor.consume(UInt8(ascii: ",")) {
                var scale = 100
                while let byte = cursor.peek, isDigit(byte) {
                    millis += Int(byte - 48) * scale
                    scale /= 10
                    cursor.skip()
                }
            }
        }
        // Skip spaces: ASCII, no-break (C2 A0) and narrow no-break (E2 80 AF), before AM/PM.
        while let byte = cursor.peek,
            byte == 0x20 || byte == 0xC2 || byte == 0xA0 || byte == 0xE2 || byte == 0x80
                || byte == 0xAF
        {
            cursor.skip()
        }
        var afternoon = leadingHalf
        if let byte = cursor.peek, leadingHalf == nil {
            if byte >= 0x80 {
                guard let (isAfternoon, length) = dayHalf(bytes, from: cursor.index),
                    cursor.index + length == bytes.count
                else { return nil }
                afternoon = isAfternoon
            } else {
                let marker = byte | 0x20
                guard marker == UInt8(ascii: "a") || marker == UInt8(ascii: "p") else { return nil }
                afternoon = marker == UInt8(ascii: "p")
            }
        }
        if let afternoon {
            guard hour >= 1, hour <= 12 else { return nil }
            if hour == 12 { hour = 0 }
            if afternoon { hour += 12 }
        }
        return Int64(((hour * 60 + minute) * 60 + second) * 1000 + millis)
    }

    /// Day-half markers in scripts other than Latin, with whether they mean the afternoon.
    private static let dayHalves: [(bytes: [UInt8], afternoon: Bool)] = [
        ("上午", false), ("下午", true), ("午前", false), ("午後", true), ("오전", false), ("오후", true),
        ("π.μ.", false), ("μ.μ.", true), ("ص", false), ("م", true), ("ก่อนเที่ยง", false), ("หลังเที่ยง", true),
    ].map { (Array($0.0.utf8), $0.1) }

    /// The day-half marker at `start`, and its length in bytes.
    private static func dayHalf(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (afternoon: Bool, length: Int)? {
        for half in dayHalves where start + half.bytes.count <= bytes.count {
            if half.bytes.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[start..<start + half.bytes.count])) {
                return (half.afternoon, half.bytes.count)
            }
        }
        return nil
    }
}
