import HealthCore
import HealthExport
import HealthJSON

/// The human-readable form of `healthimport summary`.
enum SummaryText {
    static func render(_ summary: ExportSummary) -> String {
        var lines: [String] = []
        let facts = summary.facts
        lines.append("Export date:  \(facts.exportDate?.iso8601 ?? "unknown")")
        lines.append("Version:      \(facts.version.map(String.init) ?? "unknown (no DTD)")")
        lines.append("Locale:       \(facts.locale ?? "unknown")")
        lines.append("Records:      \(summary.recordCount)")
        lines.append("")
        let rows = summary.types.sorted { $0.key < $1.key }
        let width = max(4, rows.map(\.key.count).max() ?? 0)
        lines.append("Type".padded(width) + "  " + "Count".leftPadded(9) + "  First       Last")
        for (type, figures) in rows {
            let first = figures.first.map { $0.localDay.iso8601 } ?? "-"
            let last = figures.last.map { $0.localDay.iso8601 } ?? "-"
            lines.append(type.padded(width) + "  " + String(figures.count).leftPadded(9) + "  \(first)  \(last)")
        }
        if !summary.sources.isEmpty {
            lines.append("")
            lines.append("Sources:")
            for (source, count) in summary.sources.sorted(by: {
                $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key)
            }) {
                lines.append("  \(source): \(count)")
            }
        }
        let read = summary.read
        if read.invalidCount > 0 {
            lines.append("")
            lines.append("Invalid records: \(read.invalidCount)")
            for example in read.invalidExamples.prefix(5) { lines.append("  \(example)") }
        }
        if !read.unknownElements.isEmpty {
            lines.append("")
            lines.append("Unknown elements (skipped):")
            for (name, count) in read.unknownElements.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(name): \(count)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }

    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
