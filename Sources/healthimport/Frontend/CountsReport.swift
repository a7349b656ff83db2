import HealthCore
import HealthExport
import HealthJSON

/// Per-type counts of a run: a table on standard error, or one JSON object on standard output.
enum CountsReport {
    /// The table: one line per type, then the total; the counts add up to what was read.
    static func text(_ counts: [String: TypeCounts]) -> String {
        let rows = counts.sorted { $0.key < $1.key }
        let width = max(20, rows.map(\.key.count).max() ?? 0)
        var lines = [
            pad("type", width) + "        new    updated    deleted    already   repeated    outside    invalid"
        ]
        var total = TypeCounts()
        for (type, count) in rows {
            lines.append(line(type, count, width))
            total = total + count
        }
        lines.append(line("total", total, width))
        return lines.joined(separator: "\n")
    }

    private static func line(_ name: String, _ count: TypeCounts, _ width: Int) -> String {
        pad(name, width)
            + [
                count.new, count.updated, count.deleted, count.alreadyImported, count.repeated, count.outsideWindow,
                count.invalid,
            ]
            .map { number(String($0)) }.joined()
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func number(_ text: String) -> String {
        String(repeating: " ", count: max(0, 11 - text.count)) + text
    }

    /// The JSON object: `{"importId":..,"total":{..},"types":{type:{..}},"invalidExamples":[..]}`.
    static func json(
        _ counts: [String: TypeCounts], importID: Int64?, read: ReadReport?,
        extra: (inout JSONBuffer) -> Void = { _ in }
    ) -> [UInt8] {
        var out = JSONBuffer()
        out.beginObject()
        if let importID { out.field("importId", Int(importID)) }
        extra(&out)
        let total = counts.values.reduce(TypeCounts(), +)
        out.key("total")
        object(total, to: &out)
        out.key("types")
        out.beginObject()
        for (type, count) in counts.sorted(by: { $0.key < $1.key }) {
            out.key(type)
            object(count, to: &out)
        }
        out.endObject()
        out.key("invalidExamples")
        out.beginArray()
        for example in read?.invalidExamples.prefix(5) ?? [] { out.string(example.description) }
        out.endArray()
        out.endObject()
        out.newline()
        return Array(out.bytes)
    }

    private static func object(_ count: TypeCounts, to out: inout JSONBuffer) {
        out.counts(count, includingRead: true)
    }
}
