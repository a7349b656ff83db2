/// Statistics as JSON lines, CSV rows and table cells, with the keys the command line promises.
///
/// Numbers are rounded to four decimals and written without a fraction when they are whole.
public enum StatisticsOutput {
    /// The keys of a line of `kind`, in order; CSV headers and table columns use them too.
    public static func keys(_ kind: StatisticsKind) -> [String] {
        switch kind {
        case .cumulative: ["type", "start", "end", "sum", "unit", "sources"]
        case .discrete: ["type", "start", "end", "average", "minimum", "maximum", "count", "unit"]
        case .sleep:
            [
                "night", "start", "end", "inBedMinutes", "asleepMinutes", "awakeMinutes", "coreMinutes",
                "deepMinutes", "remMinutes", "unspecifiedMinutes", "sources",
            ]
        }
    }

    /// A value of a line: text, a number, or an object of numbers by name.
    public enum Value: Sendable, Equatable {
        case text(String?)
        case number(Double)
        case integer(Int)
        case amounts([(String, Double)])
        /// JSON text kept as it is (an object read back from a store).
        case rawJSON(String)

        public static func == (lhs: Value, rhs: Value) -> Bool { lhs.json == rhs.json }

        /// The JSON form.
        public var json: String {
            switch self {
            case .text(let text?): StatisticsOutput.quoted(text)
            case .text(nil): "null"
            case .number(let number): StatisticsOutput.number(number)
            case .integer(let integer): String(integer)
            case .amounts(let amounts):
                "{"
                    + amounts.map { StatisticsOutput.quoted($0.0) + ":" + StatisticsOutput.number($0.1) }.joined(
                        separator: ",") + "}"
            case .rawJSON(let json): json
            }
        }

        /// The form of a CSV field or a table cell (sources as their JSON object).
        public var plain: String {
            switch self {
            case .text(let text): text ?? ""
            case .number(let number): StatisticsOutput.number(number)
            case .integer(let integer): String(integer)
            case .amounts, .rawJSON: json
            }
        }
    }

    /// The values of a bucket's line, in the order of ``keys(_:)``; sources in alphabetical order.
    public static func values(
        _ bucket: StatisticsBucket, type: String, kind: StatisticsKind, unit: String, sourceNames: [String]
    ) -> [Value] {
        switch kind {
        case .discrete:
            return [
                .text(type), .text(bucket.startText), .text(bucket.endText), .number(bucket.average),
                .number(bucket.minimum), .number(bucket.maximum), .integer(bucket.count), .text(unit),
            ]
        case .cumulative, .sleep:
            let amounts = bucket.sources.map { (sourceNames[Int($0.source)], $0.amount) }.sorted { $0.0 < $1.0 }
            return [
                .text(type), .text(bucket.startText), .text(bucket.endText), .number(bucket.sum), .text(unit),
                .amounts(amounts),
            ]
        }
    }

    /// The values of a night's line, in the order of ``keys(_:)`` for ``StatisticsKind/sleep``.
    public static func values(_ night: SleepNight, sourceNames: [String]) -> [Value] {
        [
            .text(night.night), .text(night.startText), .text(night.endText), .number(night.minutes(.inBed)),
            .number(night.asleepMinutes), .number(night.minutes(.awake)), .number(night.minutes(.core)),
            .number(night.minutes(.deep)), .number(night.minutes(.rem)), .number(night.minutes(.unspecified)),
            .amounts(night.sources.map { (sourceNames[Int($0.source)], $0.amount / 60) }.sorted { $0.0 < $1.0 }),
        ]
    }

    /// One JSON line (without the newline) of `values` under `keys`.
    public static func jsonLine(keys: [String], values: [Value]) -> String {
        "{" + zip(keys, values).map { quoted($0) + ":" + $1.json }.joined(separator: ",") + "}"
    }

    /// One CSV line (without the newline) of `fields`, quoted where RFC 4180 needs it.
    public static func csvLine(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }

    /// A number rounded to four decimals, whole numbers without a fraction.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// A JSON string.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
