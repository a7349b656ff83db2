import Foundation
import GRDB
import Testing

/// Headless Chromium, when installed (`.ci/run` installs Debian's `chromium`).
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Loads `page` headless; returns the DOM it built and what it logged (console messages among it).
    static func load(_ page: String, screenshot: String? = nil, size: String = "1200,2600") throws -> (
        dom: String, log: String
    ) {
        let profile = NSTemporaryDirectory() + "healthimport-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        // At most a minute: a browser that hangs fails the test instead of holding up the run.
        var arguments = [
            "60", path!, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--enable-logging=stderr", "--log-level=0", "--window-size=\(size)", "--user-data-dir=" + profile,
        ]
        arguments.append(screenshot.map { "--screenshot=" + $0 } ?? "--dump-dom")
        arguments.append(URL(fileURLWithPath: page).absoluteString)
        let result = try CLI.runProcess("/usr/bin/timeout", arguments)
        #expect(result.status == 0, "chromium: \(result.stderr.suffix(600))")
        return (result.stdout, result.stderr)
    }
}

/// `healthimport report`: the page it writes, as a browser loads it.
@Suite(.serialized) struct ReportCommandTests {
    static let charts = ["weight", "steps", "resting-heart-rate", "hrv", "sleep", "workouts", "rings"]

    static func sampleStore() throws -> String {
        let folder = try CLI.temporaryFolder()
        let imported = try CLI.run(
            ["import", CLI.sample("zip/export.zip"), "--all", "--db", "health.sqlite", "-q"], directory: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        return folder
    }

    /// The `data-points` of each chart figure, by its id.
    static func points(_ html: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for piece in html.components(separatedBy: "<figure class=\"chart").dropFirst() {
            guard let id = piece.components(separatedBy: "id=\"").dropFirst().first?.split(separator: "\"").first,
                let count = piece.components(separatedBy: "data-points=\"").dropFirst().first?.split(separator: "\"")
                    .first
            else { continue }
            found[String(id)] = Int(count)
        }
        return found
    }

    @Test(
        "the sample export's report is one self-contained page: no script, nothing fetched, every chart with data and hover values"
    )
    func selfContained() throws {
        let folder = try Self.sampleStore()
        let result = try CLI.run(["report", "--db", "health.sqlite", "-o", "report.html"], directory: folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let html = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        for forbidden in ["<script", "<link", "src=", "url(", "@import", "https://"] {
            #expect(!html.contains(forbidden), "the page holds \(forbidden)")
        }
        // The only address is SVG's namespace name, which is never fetched.
        #expect(
            html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http://") == false
        )
        let points = Self.points(html)
        #expect(Set(points.keys) == Set(Self.charts))
        for chart in Self.charts { #expect((points[chart] ?? 0) > 0, "\(chart) has no data") }
        // Every mark says its value on hover: one <title> per point, bar or day of rings.
        for chart in Self.charts {
            let figure = html.components(separatedBy: "id=\"\(chart)\"").dropFirst().first ?? ""
            let body = figure.components(separatedBy: "</figure>").first ?? ""
            #expect(body.components(separatedBy: "<title>").count - 1 == points[chart], "\(chart)")
        }
        let weighedDays = try DatabaseQueue(path: folder + "/health.sqlite").read {
            try Int.fetchOne($0, sql: "SELECT count(DISTINCT substr(start_date, 1, 10)) FROM weight_samples")
        }
        #expect(points["weight"] == weighedDays)
        #expect(html.contains("prefers-color-scheme: dark") && html.contains("@media print"))
        #expect(html.contains("<td>StepCount</td>"))
    }

    @Test(
        "headless Chromium loads the report without a console message, draws every chart, and takes its screenshot",
        .enabled(if: Chromium.path != nil, "needs Debian's chromium (apt-get install chromium)"))
    func rendersInChromium() throws {
        let folder = try Self.sampleStore()
        let result = try CLI.run(["report", "--db", "health.sqlite", "-o", "report.html"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let page = folder + "/report.html"

        let (dom, log) = try Chromium.load(page)
        let consoleLines = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "\(consoleLines)")
        let points = Self.points(dom)
        #expect(Set(points.keys) == Set(Self.charts), "the browser's DOM: \(dom.prefix(400))")
        for chart in Self.charts {
            let figure = dom.components(separatedBy: "id=\"\(chart)\"").dropFirst().first ?? ""
            let body = figure.components(separatedBy: "</figure>").first ?? ""
            #expect(
                body.contains("<svg") && (body.contains("<rect") || body.contains("<circle")), "\(chart) draws nothing")
        }

        let png = folder + "/report.png"
        _ = try Chromium.load(page, screenshot: png)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 50_000)
    }

    @Test("--since keeps only the days from then on; a bad date or a missing store is refused with one line")
    func sinceAndErrors() throws {
        let folder = try Self.sampleStore()
        let all = try CLI.run(["report", "--db", "health.sqlite", "-o", "all.html"], directory: folder)
        let recent = try CLI.run(
            ["report", "--db", "health.sqlite", "-o", "recent.html", "--since", "2025-11-01"], directory: folder)
        #expect(all.status == 0 && recent.status == 0)
        let before = Self.points(try String(contentsOfFile: folder + "/all.html", encoding: .utf8))
        let after = Self.points(try String(contentsOfFile: folder + "/recent.html", encoding: .utf8))
        #expect((after["steps"] ?? 0) > 0 && (after["steps"] ?? 0) < (before["steps"] ?? 0))
        #expect((after["weight"] ?? 0) < (before["weight"] ?? 0))

        let bad = try CLI.run(["report", "--db", "health.sqlite", "--since", "2025-02-30"], directory: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--since '2025-02-30' is not a date"))
        let missing = try CLI.run(["report", "--db", "none.sqlite"], directory: folder)
        #expect(missing.status == 1)
        #expect(
            missing.stderr == "healthimport: error: none.sqlite does not exist: import an export first, or give --db\n")

        // `-` is standard output, as for the other commands; a folder is refused in one line.
        let printed = try CLI.run(["report", "--db", "health.sqlite", "-o", "-"], directory: folder)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.hasPrefix("<!DOCTYPE html>") && printed.stdout.hasSuffix("</html>\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/-"))
        let intoFolder = try CLI.run(["report", "--db", "health.sqlite", "-o", folder], directory: folder)
        #expect(intoFolder.status == 1)
        #expect(intoFolder.stderr == "healthimport: error: \(folder) is a folder: give -o a file name\n")
    }
}
