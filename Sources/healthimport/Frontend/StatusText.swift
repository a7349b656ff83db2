import HealthCore
import HealthExport
import HealthJSON

/// `status` and `anchors` output: aligned text for people, JSON for programs.
enum StatusText {
    static func day(_ seconds: Int64?) -> String {
        guard let seconds else { return "all history" }
        return String(ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 0).iso8601.prefix(10))
    }

    static func text(_ status: StoreStatus) -> String {
        let width = max(44, (status.types.map(\.type.count).max() ?? 0) + 2)
        var lines = [pad("type", width) + "    rows  marked  stored from → to (UTC)    covered since  last import"]
        for type in status.types {
            let range =
                "\(type.firstStart.map { String($0.prefix(10)) } ?? "-") → \(type.lastStart.map { String($0.prefix(10)) } ?? "-")"
            let covered = type.anchor.map { day($0.coveredStart) } ?? "-"
            lines.append(
                pad(type.type, width) + left(String(type.rows), 8) + left(String(type.marked), 8) + "  "
                    + pad(range, 26)
                    + pad(covered, 15)
                    + (type.lastImport ?? "-"))
        }
        lines.append("")
        lines.append("imports:")
        if status.imports.isEmpty { lines.append("  none yet") }
        for run in status.imports {
            lines.append(
                "  #\(run.id) \(run.started) \(run.outcome.rawValue) \(run.input) (export \(run.exportDate ?? "?"), \(run.window), \(run.newCount.map(String.init) ?? "-") new)"
                    + (run.message.map { ": \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ status: StoreStatus) -> String {
        var out = JSONBuffer()
        out.beginObject()
        out.key("types")
        out.beginArray()
        for type in status.types {
            out.beginObject()
            out.field("type", type.type)
            out.field("rows", type.rows)
            out.field("marked", type.marked)
            out.field("firstStart", type.firstStart)
            out.field("lastStart", type.lastStart)
            if let anchor = type.anchor { anchorFields(anchor, to: &out) }
            out.field("lastImport", type.lastImport)
            out.endObject()
        }
        out.endArray()
        out.key("imports")
        out.beginArray()
        for run in status.imports {
            out.beginObject()
            out.field("id", Int(run.id))
            out.field("input", run.input)
            out.field("exportDate", run.exportDate)
            out.field("window", run.window)
            out.field("started", run.started)
            out.field("finished", run.finished)
            out.field("outcome", run.outcome.rawValue)
            out.field("new", run.newCount)
            out.field("message", run.message)
            out.endObject()
        }
        out.endArray()
        out.endObject()
        out.newline()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func anchorFields(_ anchor: Anchor, to out: inout JSONBuffer) {
        out.field(
            "newestCreation", anchor.newestCreation == Int64.min ? nil : HealthStoreISO.iso(anchor.newestCreation))
        out.field("boundaryCount", anchor.boundary.count)
        out.field("coveredStart", anchor.coveredStart.map(HealthStoreISO.iso))
    }

    static func text(_ anchors: [String: Anchor]) -> String {
        let width = max(44, (anchors.keys.map(\.count).max() ?? 0) + 2)
        var lines = [pad("type", width) + "newest creation (UTC)      ties  covered since"]
        for (type, anchor) in anchors.sorted(by: { $0.key < $1.key }) {
            let newest = anchor.newestCreation == Int64.min ? "-" : HealthStoreISO.iso(anchor.newestCreation)
            lines.append(
                pad(type, width) + pad(newest, 27) + left(String(anchor.boundary.count), 4) + "  "
                    + day(anchor.coveredStart))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ anchors: [String: Anchor]) -> String {
        var out = JSONBuffer()
        out.beginArray()
        for (type, anchor) in anchors.sorted(by: { $0.key < $1.key }) {
            out.beginObject()
            out.field("type", type)
            anchorFields(anchor, to: &out)
            out.endObject()
        }
        out.endArray()
        out.newline()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func left(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// UTC ISO 8601 of seconds since 1970.
enum HealthStoreISO {
    static func iso(_ seconds: Int64) -> String {
        ExportTimestamp(secondsSince1970: seconds, offsetMinutes: 0).iso8601
    }
}
