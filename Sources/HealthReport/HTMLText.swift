/// Text made safe for HTML and SVG content and attributes.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A number for people: grouped thousands, `decimals` places.
    static func number(_ value: Double, decimals: Int = 0) -> String {
        guard value.isFinite else { return "–" }
        let scale = pow10(decimals)
        let rounded = (abs(value) * scale).rounded() / scale
        var whole = Int(rounded)
        var digits = String(whole)
        if whole >= 10_000 {
            var grouped = ""
            for (index, digit) in digits.reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            digits = String(grouped.reversed())
        }
        var text = (value < 0 && rounded > 0 ? "-" : "") + digits
        if decimals > 0 {
            whole = Int(((rounded - Double(Int(rounded))) * scale).rounded())
            let fraction = String(whole)
            text += "." + String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        }
        return text
    }

    /// A number for an SVG coordinate: one decimal, no grouping.
    static func coordinate(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        return (tenths < 0 && whole == 0 ? "-" : "") + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<max(0, exponent) { value *= 10 }
        return value
    }
}
