import Foundation
import HealthFixtures
import Testing

/// `healthimport redact`, end to end: the copy read back with `records` and, independently, with
/// Python's expat.
@Suite struct RedactCommandTests {
    static let shift = -364
    static let samples = [
        "zip/export.zip", "ios8-2015/export.xml", "v3-2016/export.xml", "v8-2019/export.xml", "v11-2020/export.xml",
        "v12-2022/export.xml", "v14-2025/export.xml",
    ]
    static let corpus = [
        "rgosdin-docs-ios12.3-2019.xml", "comocomo-hkimporter-v3-2017-selection.xml",
        "ericwolter-ios8-2015-de_DE-Exportieren.xml", "grll-apple-health-mcp-v14.xml", "dogsheep-tests-export.xml",
        "reconstructed/ios16.0-v12-broken-dtd_reconstructed.xml", "excerpts/healthsync-workout-zones-excerpt.xml",
    ]
    static let corpusFolder = CLI.repositoryRoot + "/../shared/corpus"
    static var corpusPresent: Bool { FileManager.default.fileExists(atPath: corpusFolder + "/SOURCES.md") }

    @Test(
        "a redacted sample export reads with records as the original, every instant moved by the shift",
        arguments: samples)
    func sampleReadsAsOriginal(_ sample: String) throws {
        try checkRecords(CLI.sample(sample))
    }

    @Test(
        "a redacted sample export passes the expat check: same counts, dates moved, nothing personal left",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)), arguments: samples)
    func samplePassesExpatCheck(_ sample: String) throws {
        try checkWithPython(CLI.sample(sample))
    }

    @Test(
        "a redacted corpus export reads as the original, with records and with expat",
        .enabled(if: corpusPresent, "the corpus (../shared/corpus) is absent"), arguments: corpus)
    func corpusExport(_ name: String) throws {
        try checkRecords(Self.corpusFolder + "/" + name)
        if TestPython.enabled { try checkWithPython(Self.corpusFolder + "/" + name) }
    }

    @Test(
        "a corpus export with GPX routes and an ECG: routes trimmed at both ends, the ECG without name and birth date",
        .enabled(if: corpusPresent, "the corpus (../shared/corpus) is absent"))
    func routesAndElectrocardiogram() throws {
        let folder = try CLI.temporaryFolder() + "/apple_health_export"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/workout-routes", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/electrocardiograms", withIntermediateDirectories: true)
        let corpus = Self.corpusFolder
        try manager.copyItem(atPath: corpus + "/nicolasreyrolle-ios18-26-fragments.xml", toPath: folder + "/export.xml")
        for route in ["route_2018-06-11_1.02pm", "route_2025-09-26_7.01pm", "route_2025-12-28_2.45pm"] {
            try manager.copyItem(
                atPath: corpus + "/nicolasreyrolle-\(route).gpx", toPath: folder + "/workout-routes/\(route).gpx")
        }
        try manager.copyItem(
            atPath: corpus + "/hacktj23-ecg_2023-03-04.csv", toPath: folder + "/electrocardiograms/ecg_2023-03-04.csv")
        let output = try checkRecords(folder)
        let ecg = try CLI.run(["records", "--all", "-q", "--type", "ecg", output])
        #expect(ecg.lines.count == 1)
        #expect(ecg.stdout.contains("\"start\":\"2022-03-05T20:55:07-05:00\""))
        let routes = try CLI.run(["records", "--all", "-q", "--type", "routes", output])
        #expect(routes.lines.count == 3)
        if TestPython.enabled {
            let report = try checkWithPython(folder)
            #expect(report.contains("route points kept"))
            #expect(!report.contains(" 0 of 0 route points"))
        }
    }

    @Test("--shift-days that is not whole weeks is refused with exit 64")
    func shiftMustBeWeeks() throws {
        let folder = try CLI.temporaryFolder()
        let result = try CLI.run([
            "redact", CLI.sample("v14-2025/export.xml"), "-o", folder + "/out.zip", "--shift-days", "10",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--shift-days must be a multiple of 7"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
    }

    /// Per type, the count `summary --json` prints.
    static func countsByType(_ json: String) throws -> [String: Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let types = try #require(object["types"] as? [String: [String: Any]])
        return types.compactMapValues { $0["count"] as? Int }
    }

    @Test("-o - writes the zip to standard output, through a pipe as into a file")
    func standardOutput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = CLI.sample("zip/export.zip")
        for (command, name) in [
            ("\"$1\" redact \"$2\" -o - --shift-days -364 | cat > \"$3\"", "piped.zip"),
            ("\"$1\" redact \"$2\" -o - --shift-days -364 > \"$3\"", "file.zip"),
        ] {
            let run = try CLI.runProcess("/bin/sh", ["-c", command, "sh", CLI.binary, export, folder + "/" + name])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("wrote standard output"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/-"))
            let original = try CLI.run(["summary", export, "--json"])
            let copy = try CLI.run(["summary", folder + "/" + name, "--json"])
            #expect(copy.status == 0, "\(copy.stderr)")
            #expect(try Self.countsByType(copy.stdout) == Self.countsByType(original.stdout))
            #expect(try Self.countsByType(copy.stdout).count > 5)
        }
    }

    @Test(
        "--shift-days that would move dates out of the calendar is refused with exit 64",
        arguments: [-742_000, 7_000_000])
    func shiftWithinTheCalendar(days: Int) throws {
        let folder = try CLI.temporaryFolder()
        let result = try CLI.run([
            "redact", CLI.sample("zip/export.zip"), "-o", folder + "/out.zip", "--shift-days", "\(days)",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--shift-days must be within ±365246 days"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
    }

    @Test("without --shift-days the shift is a random whole number of weeks back, different from run to run")
    func randomShift() throws {
        let folder = try CLI.temporaryFolder()
        var shifts = Set<Int>()
        for run in 0..<3 {
            let result = try CLI.run(["redact", CLI.sample("v14-2025/export.xml"), "-o", folder + "/\(run).zip"])
            #expect(result.status == 0)
            let match = try #require(result.stderr.firstMatch(of: /moved by (-?\d+) days/))
            let days = try #require(Int(match.1))
            #expect(days % 7 == 0 && days <= -364 && days >= -3647)
            shifts.insert(days)
        }
        #expect(shifts.count > 1)
    }

    @Test("--type and --since keep only the records asked for, measured on the original dates")
    func selection() throws {
        let folder = try CLI.temporaryFolder()
        let output = folder + "/steps.zip"
        let result = try CLI.run([
            "redact", CLI.sample("zip/export.zip"), "-o", output, "--shift-days", "-7", "--type", "steps", "--since",
            "2025-11-01",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let original = try CLI.run([
            "records", "-q", "--type", "steps", "--since", "2025-11-01", CLI.sample("zip/export.zip"),
        ])
        let redacted = try CLI.run(["records", "-q", "--all", output])
        let kinds = redacted.lines.map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(
            kinds.filter { $0["kind"] as? String != "export" }.allSatisfy {
                $0["type"] as? String == "HKQuantityTypeIdentifierStepCount"
            })
        #expect(kinds.filter { $0["kind"] as? String != "export" }.count == original.lines.count)
        #expect(original.lines.count > 1)
    }

    /// Redacts `input` with the test shift, then compares what `records --all` reads from both.
    @discardableResult
    private func checkRecords(_ input: String) throws -> String {
        let output = try CLI.temporaryFolder() + "/redacted.zip"
        let run = try CLI.run(["redact", input, "-o", output, "--shift-days", String(Self.shift)])
        #expect(run.status == 0, "\(run.stderr)")
        let all = try records(input).filter { $0.kind != "clinical" }
        let redacted = try records(output)
        #expect(!all.isEmpty)
        // A route starts at its first point, which the trimming moves; an inline route shorter
        // than 1 km keeps no point and reads as no route. The GPX test and the expat check
        // look at routes point by point.
        let before = all.filter { $0.kind != "route" }
        let after = redacted.filter { $0.kind != "route" }
        #expect(redacted.count(where: { $0.kind == "route" }) <= all.count(where: { $0.kind == "route" }))
        #expect(
            Dictionary(grouping: before, by: \.type).mapValues(\.count)
                == Dictionary(grouping: after, by: \.type).mapValues(\.count))
        let moved = before.map {
            Record(kind: $0.kind, type: $0.type, start: $0.start.map { $0 + TimeInterval(Self.shift * 86_400) })
        }
        #expect(moved.sorted() == after.sorted(), "every instant moved by exactly \(Self.shift) days")
        return output
    }

    /// Runs the Python check; returns its `ok: …` line.
    @discardableResult
    private func checkWithPython(_ input: String) throws -> String {
        let output = try CLI.temporaryFolder() + "/redacted.zip"
        let run = try CLI.run(["redact", input, "-o", output, "--shift-days", String(Self.shift)])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try TestPython.run(RedactCheck.script, [input, output, String(Self.shift)])
        #expect(report.hasPrefix("ok: "))
        return report
    }

    private struct Record: Comparable {
        var kind: String
        var type: String
        var start: Date?

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.kind, lhs.type, lhs.start?.timeIntervalSince1970 ?? 0) < (
                rhs.kind, rhs.type, rhs.start?.timeIntervalSince1970 ?? 0
            )
        }
    }

    private func records(_ path: String) throws -> [Record] {
        let result = try CLI.run(["records", "--all", "-q", path])
        #expect(result.status == 0, "\(result.stderr)")
        let dates = ISO8601DateFormatter()
        return try result.lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Record(
                kind: object["kind"] as? String ?? "", type: object["type"] as? String ?? "",
                start: (object["start"] as? String).flatMap { dates.date(from: $0) })
        }
    }
}
