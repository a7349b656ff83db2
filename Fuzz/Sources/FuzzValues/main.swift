import FuzzSupport
import HealthExport

runFuzzer { fuzzValues($0, $1) }

/// Timestamp and number parsing against slow references written from the accepted forms.
func fuzzValues(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let isASCII = bytes.allSatisfy { $0 < 0x80 }

    let timestamp = TimestampParser.parse(bytes)
    if isASCII {
        let expected = ReferenceTimestamp.parse(text)
        if timestamp != expected || timestamp?.offsetMinutes != expected?.offsetMinutes {
            fuzzFailure(
                "timestamp \(text.debugDescription): parsed \(String(describing: timestamp)), reference \(String(describing: expected))"
            )
        }
    } else if timestamp != nil {
        fuzzFailure("timestamp \(text.debugDescription) beyond ASCII was accepted")
    }

    let number = NumberParser.parseDouble(bytes)
    let expected = isASCII ? ReferenceNumber.parse(text) : nil
    if number?.bitPattern != expected?.bitPattern {
        fuzzFailure(
            "number \(text.debugDescription): parsed \(String(describing: number)), reference \(String(describing: expected))"
        )
    }
    return 0
}

/// `[+-]digits[.digits][(e|E)[+-]digits]` with at least one digit before the exponent, read by
/// the standard library.
enum ReferenceNumber {
    static func parse(_ text: String) -> Double? {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let integer = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(integer.count)
        var fraction = Substring("")
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return nil }
            rest = rest.dropFirst(exponent.count)
        }
        guard rest.isEmpty else { return nil }
        return Double(text)
    }
}

/// The forms ``TimestampParser`` documents, read field by field with another calendar algorithm.
enum ReferenceTimestamp {
    static func parse(_ text: String) -> ExportTimestamp? {
        var rest = Substring(text)
        func number(_ width: Int) -> Int? {
            let field = rest.prefix(width)
            guard field.count == width, field.allSatisfy(\.isASCIIDigit) else { return nil }
            rest = rest.dropFirst(width)
            return Int(field)
        }
        func take(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let year = number(4) else { return nil }
        let separated = take("-")
        guard let month = number(2) else { return nil }
        if separated, !take("-") { return nil }
        guard let day = number(2) else { return nil }
        if separated, !take(" "), !take("T") { return nil }
        guard let hour = number(2) else { return nil }
        if separated, !take(":") { return nil }
        guard let minute = number(2) else { return nil }
        if separated, !take(":") { return nil }
        guard let second = number(2) else { return nil }
        if take(".") || take(",") { rest = rest.drop(while: \.isASCIIDigit) }
        _ = take(" ")
        let offset: Int
        if take("Z") {
            offset = 0
        } else {
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = number(2), hours <= 18 else { return nil }
            _ = take(":")
            let minutes = rest.isEmpty ? 0 : number(2)
            guard let minutes, minutes < 60 else { return nil }
            offset = sign * (hours * 60 + minutes)
        }
        guard rest.isEmpty, (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        let local =
            Int64(daysSince1970(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        return ExportTimestamp(secondsSince1970: local - Int64(offset) * 60, offsetMinutes: Int32(offset))
    }

    /// Days from 1970-01-01, counted through whole years and months (day 31 of a short month
    /// runs into the next, as a plain count does).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        var days = 0
        if year >= 1970 {
            for y in 1970..<year { days += isLeap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { days -= isLeap(y) ? 366 : 365 }
        }
        let lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for m in 0..<(month - 1) { days += lengths[m] }
        return days + day - 1
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber && ("0"..."9").contains(self) }
}
