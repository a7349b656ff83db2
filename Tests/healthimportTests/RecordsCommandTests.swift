import Foundation
import Testing

@Suite struct RecordsCommandTests {
    func objects(_ result: CLI.Result) throws -> [[String: Any]] {
        try result.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("records --all prints one JSON object per record, data on stdout and the tally on stderr")
    func allRecords() throws {
        let result = try CLI.run(["records", CLI.sample("v11-2020/export.xml"), "--all"])
        #expect(result.status == 0)
        let objects = try objects(result)
        #expect(objects.first?["kind"] as? String == "export")
        #expect(objects.count > 80)
        #expect(result.stderr.contains("healthimport: \(objects.count) records"))
        #expect(Set(objects.compactMap { $0["uuid"] as? String }).count == objects.count)
    }

    @Test("The default window keeps fewer records than --all and says how many it left out")
    func defaultWindow() throws {
        let all = try CLI.run(["records", CLI.sample("v14-2025/export.xml"), "--all"])
        let recent = try CLI.run(["records", CLI.sample("v14-2025/export.xml")])
        #expect(recent.status == 0)
        #expect(recent.lines.count < all.lines.count)
        #expect(recent.stderr.contains("outside the window (last 30 days; --all for everything)"))
    }

    @Test("--type weight yields only weights, normalised to kilograms")
    func weightOnly() throws {
        let result = try CLI.run(["records", CLI.sample("v8-2019/export.xml"), "--all", "--type", "weight"])
        #expect(result.status == 0)
        let objects = try objects(result)
        #expect(!objects.isEmpty)
        for object in objects {
            #expect(object["kind"] as? String == "weight")
            #expect(object["kilograms"] is Double || object["kilograms"] is Int)
        }
    }

    @Test("A --type no record matches is said, with how types are named; one that matches is not")
    func unmatchedType() throws {
        let path = CLI.sample("v8-2019/export.xml")
        let typo = try CLI.run(["records", path, "--all", "--type", "bodymas"])
        #expect(typo.status == 0)
        #expect(typo.lines.isEmpty)
        #expect(typo.stderr.contains("note: no record of \(path) is of --type bodymas; a type is named by"))
        let matched = try CLI.run(["records", path, "--all", "--type", "bodymass"])
        #expect(!matched.lines.isEmpty)
        #expect(!matched.stderr.contains("note: no record"))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imported = try CLI.run(["import", path, "--all", "--type", "bodymas", "--db", folder + "/h.sqlite"])
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("note: no record of \(path) is of --type bodymas"), "\(imported.stderr)")
    }

    @Test("Standard input works with -, and gives the same records as the file")
    func standardInput() throws {
        let path = CLI.sample("v3-2016/export.xml")
        let data = try #require(FileManager.default.contents(atPath: path))
        let piped = try CLI.run(["records", "-", "--all", "--quiet"], stdin: data)
        let direct = try CLI.run(["records", path, "--all", "--quiet"])
        #expect(piped.status == 0)
        #expect(piped.stdout == direct.stdout)
        #expect(piped.stderr.isEmpty)
    }

    @Test("The same export gives the same bytes on every run")
    func deterministic() throws {
        let first = try CLI.run(["records", CLI.sample("v12-2022/export.xml"), "--all", "-q"])
        let second = try CLI.run(["records", CLI.sample("v12-2022/export.xml"), "--all", "-q"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test("A missing file gets one line naming it and a non-zero exit")
    func missingFile() throws {
        let result = try CLI.run(["records", "/nonexistent/export.xml"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("/nonexistent/export.xml"))
        #expect(result.stderr.contains("error:"))
    }

    @Test("Malformed XML gets PATH:LINE:COLUMN, and the lines before it stay whole")
    func malformed() throws {
        let (path, text, cut) = try malformedExport()
        let result = try CLI.run(["records", path, "--all"])
        #expect(result.status == 1)
        let lineNumber = text[..<cut].filter { $0 == "\n" }.count + 1
        #expect(result.stderr.contains("\(path):\(lineNumber):"), "\(result.stderr)")
        #expect(result.stderr.contains("error:"))
        _ = try objects(result)
        #expect(result.lines.count > 1)
    }

    @Test("A file that is not an export is refused")
    func notAnExport() throws {
        let folder = try CLI.temporaryFolder()
        let path = folder + "/notes.xml"
        try "<?xml version=\"1.0\"?>\n<notes><note/></notes>\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["records", path])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("not a Health export") || result.stderr.contains("no export"), "\(result.stderr)")
    }

    @Test(
        "Bad options are usage errors (exit 64)",
        arguments: [
            ["records", "x.xml", "--since", "last tuesday"],
            ["records", "x.xml", "--all", "--days", "3"],
            ["records", "x.xml", "--type", "weight loss"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test("The iOS 8 and iOS 16 exports that other parsers reject read completely")
    func brokenEras() throws {
        for path in ["ios8-2015/export.xml", "v12-2022/export.xml", "v8-2019/export.xml"] {
            let result = try CLI.run(["records", CLI.sample(path), "--all", "-q"])
            #expect(result.status == 0, "\(path): \(result.stderr)")
            #expect(result.lines.count > 50)
        }
    }
}

@Suite struct SummaryCommandTests {
    @Test("summary --json gives the export's date, version, locale, types and sources")
    func json() throws {
        let result = try CLI.run(["summary", CLI.sample("v14-2025/export.xml"), "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 14)
        #expect(object["locale"] as? String == "en_US")
        let types = try #require(object["types"] as? [String: [String: Any]])
        #expect(types["HKQuantityTypeIdentifierBodyMass"]?["kind"] as? String == "weight")
        #expect((object["sources"] as? [String: Int])?.isEmpty == false)
    }

    @Test("summary of malformed XML gives the same PATH:LINE:COLUMN error as records")
    func malformed() throws {
        let (path, text, cut) = try malformedExport()
        let summary = try CLI.run(["summary", path])
        let records = try CLI.run(["records", path, "--all"])
        #expect(summary.status == 1)
        #expect(summary.stdout.isEmpty)
        let lineNumber = text[..<cut].filter { $0 == "\n" }.count + 1
        #expect(summary.stderr.contains("\(path):\(lineNumber):"), "\(summary.stderr)")
        #expect(summary.stderr.split(separator: "\n").last == records.stderr.split(separator: "\n").last)
    }

    @Test("summary of standard input, and of a file, say the same")
    func standardInput() throws {
        let path = CLI.sample("v11-2020/export.xml")
        let fromFile = try CLI.run(["summary", path, "--json"])
        let fromInput = try CLI.run(
            ["summary", "-", "--json"], stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(fromFile.status == 0)
        #expect(fromInput.stdout == fromFile.stdout)
    }

    @Test("summary prints a table people can read")
    func text() throws {
        let result = try CLI.run(["summary", CLI.sample("v3-2016/export.xml")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Version:      3"))
        #expect(result.stdout.contains("HKQuantityTypeIdentifierStepCount"))
    }
}

/// The v14 sample export with a broken start tag before its first workout: its path, its text
/// and where the break is.
func malformedExport() throws -> (path: String, text: String, cut: String.Index) {
    let path = try CLI.temporaryFolder() + "/export.xml"
    let source = try #require(FileManager.default.contents(atPath: CLI.sample("v14-2025/export.xml")))
    var text = String(decoding: source, as: UTF8.self)
    let cut = text.range(of: "<Workout ")!.lowerBound
    text.insert(contentsOf: "<Record type=\"broken\" <oops/>\n", at: cut)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, text, cut)
}
