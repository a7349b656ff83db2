import Foundation
import GRDB
import Testing

/// `healthimport watch`: the built binary watching a temporary folder while files land in it.
@Suite(.serialized) struct WatchCommandTests {
    /// Lines of standard error that tell an outcome (not the start and stop lines).
    static func outcomes(_ watch: BackgroundCLI) -> [String] {
        watch.stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": imported ") || $0.contains("; skipped") || $0.contains(": skipped ")
        }
    }

    static func copy(_ sample: String, to path: String) throws {
        try FileManager.default.copyItem(atPath: CLI.sample(sample), toPath: path)
    }

    @Test(
        "a zip, the same zip again, a broken zip and an export folder: each handled once, in order, exit 0 on SIGTERM")
    func importsEachExportOnce() throws {
        let folder = try CLI.temporaryFolder()
        let inbox = folder + "/inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let watch = try BackgroundCLI(
            ["watch", "inbox", "--db", "health.sqlite", "--all", "--json", "--settle", "0.5"], directory: folder)

        try Self.copy("zip/export.zip", to: inbox + "/first.zip")
        #expect(watch.waitFor { Self.outcomes(watch).count == 1 }, "stderr: \(watch.stderr)")
        // A broken zip, then the same export under another name, below a subfolder made later.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("zip/export.zip")))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: inbox + "/broken.zip"))
        try FileManager.default.createDirectory(atPath: inbox + "/later", withIntermediateDirectories: true)
        try Self.copy("zip/export.zip", to: inbox + "/later/second.zip")
        #expect(watch.waitFor { Self.outcomes(watch).count == 3 }, "stderr: \(watch.stderr)")
        // An export folder (the XML with no zip around it) of another export.
        try FileManager.default.createDirectory(
            atPath: inbox + "/apple_health_export", withIntermediateDirectories: true)
        try Self.copy("v12-2022/export.xml", to: inbox + "/apple_health_export/export.xml")
        #expect(watch.waitFor { Self.outcomes(watch).count == 4 }, "stderr: \(watch.stderr)")

        #expect(watch.terminate() == 0)
        let lines = Self.outcomes(watch)
        #expect(lines.count == 4, "stderr: \(watch.stderr)")
        #expect(lines[0].contains("imported inbox/first.zip: import #1, 106 new"))
        #expect(lines[1].contains("skipped inbox/broken.zip") && lines[1].contains("zip"))
        #expect(
            lines[2].contains("inbox/later/second.zip is the export imported on") && lines[2].contains("(import #1)"))
        #expect(lines[3].contains("imported inbox/apple_health_export: import #2"))

        let objects = watch.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(objects.map { $0["outcome"] as? String } == ["imported", "failed", "same-export", "imported"])
        #expect(
            objects.map { $0["path"] as? String } == [
                "inbox/first.zip", "inbox/broken.zip", "inbox/later/second.zip", "inbox/apple_health_export",
            ])
        #expect((objects[0]["total"] as? [String: Any])?["new"] as? Int == 106)
        #expect(objects[2]["sameExportAs"] as? Int == 1)

        let imports = try DatabaseQueue(path: folder + "/health.sqlite").read {
            try Row.fetchAll($0, sql: "SELECT input, outcome FROM imports ORDER BY id").map {
                "\($0[0] as String) \($0[1] as String)"
            }
        }
        #expect(imports == ["inbox/first.zip completed", "inbox/apple_health_export completed"])
    }

    @Test("a zip written in pieces is imported once, when complete, and never reported broken")
    func waitsForAFileStillBeingWritten() throws {
        let folder = try CLI.temporaryFolder()
        let watch = try BackgroundCLI(
            ["watch", ".", "--db", "health.sqlite", "--all", "--settle", "3"], directory: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("zip/export.zip")))
        let path = folder + "/export.zip"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let pieces = 4
        let size = (bytes.count + pieces - 1) / pieces
        for start in stride(from: 0, to: bytes.count, by: size) {
            try file.write(contentsOf: bytes[start..<min(bytes.count, start + size)])
            usleep(300_000)
        }
        try file.close()
        #expect(watch.waitFor { !Self.outcomes(watch).isEmpty }, "stderr: \(watch.stderr)")
        usleep(500_000)
        #expect(watch.terminate() == 0)
        #expect(Self.outcomes(watch).count == 1, "stderr: \(watch.stderr)")
        #expect(Self.outcomes(watch).first?.contains("imported ./export.zip: import #1, 106 new") == true)
    }

    @Test("a file removed before it settled is forgotten, and the next export is still imported")
    func survivesARemovedFile() throws {
        let folder = try CLI.temporaryFolder()
        let watch = try BackgroundCLI(
            ["watch", ".", "--db", "health.sqlite", "--all", "--settle", "3"], directory: folder)
        try Self.copy("zip/export.zip", to: folder + "/gone.zip")
        usleep(200_000)
        try FileManager.default.removeItem(atPath: folder + "/gone.zip")
        try Self.copy("zip/exportar.zip", to: folder + "/kept.zip")
        #expect(watch.waitFor { !Self.outcomes(watch).isEmpty }, "stderr: \(watch.stderr)")
        usleep(500_000)
        #expect(watch.terminate() == 0)
        #expect(Self.outcomes(watch).count == 1, "stderr: \(watch.stderr)")
        #expect(Self.outcomes(watch).first?.contains("imported ./kept.zip") == true)
    }

    @Test("an export copied into folders made the moment before is found (they fill before their watches begin)")
    func findsExportsInNewFolders() throws {
        let folder = try CLI.temporaryFolder()
        let watch = try BackgroundCLI(
            ["watch", ".", "--db", "health.sqlite", "--all", "--settle", "0.3"], directory: folder)
        #expect(watch.waitFor { watch.stderr.contains("watching") })
        try FileManager.default.createDirectory(atPath: folder + "/a/b/c", withIntermediateDirectories: true)
        try Self.copy("zip/export.zip", to: folder + "/a/b/c/export.zip")
        #expect(watch.waitFor(20) { !Self.outcomes(watch).isEmpty }, "stderr: \(watch.stderr)")
        #expect(watch.terminate() == 0)
        #expect(Self.outcomes(watch).first?.contains("imported ./a/b/c/export.zip") == true, "\(watch.stderr)")
    }

    @Test("a store locked by another writer is waited for, then the export is imported")
    func waitsForALockedStore() throws {
        let folder = try CLI.temporaryFolder()
        let first = try CLI.run(
            ["import", CLI.sample("v12-2022/export.xml"), "--all", "--db", "health.sqlite", "-q"], directory: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let inbox = folder + "/inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: folder + "/health.sqlite", configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }

        let watch = try BackgroundCLI(
            ["watch", "inbox", "--db", "health.sqlite", "--all", "--poll", "0.2", "--settle", "0.2"], directory: folder)
        try Self.copy("zip/export.zip", to: inbox + "/export.zip")
        #expect(watch.waitFor { watch.stderr.contains("the store is locked") }, "stderr: \(watch.stderr)")
        try holder.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        #expect(watch.waitFor { !Self.outcomes(watch).isEmpty }, "stderr: \(watch.stderr)")
        #expect(watch.terminate() == 0)
        #expect(
            Self.outcomes(watch).first?.contains("imported inbox/export.zip: import #2") == true,
            "stderr: \(watch.stderr)")
    }

    @Test("a folder that does not exist is refused with one line and a non-zero exit")
    func refusesAMissingFolder() throws {
        let folder = try CLI.temporaryFolder()
        let result = try CLI.run(["watch", "nowhere", "--db", "health.sqlite"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "healthimport: error: nowhere is not a folder\n")
    }

    @Test("another person's export is skipped by the 10 % rule, with the import command that takes it anyway")
    func refusedDeletionsTellTheWayAround() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let staging = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let mine = (0..<150).map { CorrectionExport.heartRate(minute: $0 * 3, value: 60 + $0 % 30) }
        let theirs = (0..<150).map {
            CorrectionExport.heartRate(minute: $0 * 3 + 1, value: 70 + $0 % 20, source: "Ben’s Watch")
        }
        let watch = try BackgroundCLI(
            ["watch", "inbox", "--db", "health.sqlite", "--all", "--settle", "0.3"], directory: folder)
        try FileManager.default.createDirectory(atPath: folder + "/inbox", withIntermediateDirectories: true)
        for (name, elements, date) in [
            ("mine", mine, "2025-06-01 09:00:00 +0200"), ("theirs", theirs, "2025-06-03 09:00:00 +0200"),
        ] {
            let path = try CorrectionExport(exportDate: date, elements: elements).write(
                to: staging, name: name + ".xml")
            try FileManager.default.moveItem(atPath: path, toPath: folder + "/inbox/\(name).xml")
            #expect(watch.waitFor { Self.outcomes(watch).count == (name == "mine" ? 1 : 2) }, "stderr: \(watch.stderr)")
        }
        #expect(watch.terminate() == 0)
        let refused = Self.outcomes(watch).last ?? ""
        #expect(refused.contains("skipped inbox/theirs.xml") && refused.contains("Nothing was imported"), "\(refused)")
        #expect(
            refused.contains("`healthimport import inbox/theirs.xml --accept-deletions` imports it anyway"),
            "\(refused)")
    }

    @Test("a newer export imports only what is new")
    func newerExportImportsWhatIsNew() throws {
        let folder = try CLI.temporaryFolder()
        let staging = try CLI.temporaryFolder()
        let first = GeneratedExport(records: 3_000, days: 10)
        let watch = try BackgroundCLI(
            ["watch", "inbox", "--db", "health.sqlite", "--all", "--json", "--settle", "0.3"], directory: folder)
        try FileManager.default.createDirectory(atPath: folder + "/inbox", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: try first.write(to: staging, name: "june.xml"), toPath: folder + "/inbox/june.xml")
        #expect(watch.waitFor { Self.outcomes(watch).count == 1 }, "stderr: \(watch.stderr)")
        let newer = first.newer(records: 250)
        try FileManager.default.moveItem(
            atPath: try newer.write(to: staging, name: "july.xml"), toPath: folder + "/inbox/july.xml")
        #expect(watch.waitFor { Self.outcomes(watch).count == 2 }, "stderr: \(watch.stderr)")
        #expect(watch.terminate() == 0)

        let objects = watch.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        try #require(objects.count == 2, "\(watch.stdout)")
        let totals = objects.map { $0["total"] as? [String: Any] ?? [:] }
        #expect(objects.map { $0["path"] as? String } == ["inbox/june.xml", "inbox/july.xml"])
        // The same counts as two `import` runs of the same files.
        var expected: [[String: Any]] = []
        for name in ["june.xml", "july.xml"] {
            let run = try CLI.run(
                ["import", folder + "/inbox/" + name, "--all", "--db", "manual.sqlite", "--json", "-q"],
                directory: folder)
            let object = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any]
            expected.append(object?["total"] as? [String: Any] ?? [:])
        }
        #expect(totals[1]["new"] as? Int == expected[1]["new"] as? Int, "\(totals[1]) \(expected[1])")
        #expect(totals[1]["alreadyImported"] as? Int == expected[1]["alreadyImported"] as? Int)
        #expect((totals[1]["new"] as? Int ?? 0) < (totals[0]["new"] as? Int ?? 0) / 10)
    }

    @Test("SIGTERM during an import commits what was read, exits 0, and the next start completes the export")
    func stopsCleanlyMidImport() throws {
        let folder = try CLI.temporaryFolder()
        let staging = try CLI.temporaryFolder()
        let database = folder + "/health.sqlite"
        try FileManager.default.createDirectory(atPath: folder + "/inbox", withIntermediateDirectories: true)
        let export = GeneratedExport(records: 120_000, days: 60)
        let arguments = ["watch", "inbox", "--db", "health.sqlite", "--all", "--settle", "0.2"]
        let watch = try BackgroundCLI(arguments, directory: folder)
        try FileManager.default.moveItem(atPath: try export.write(to: staging), toPath: folder + "/inbox/export.xml")
        let running = watch.waitFor {
            ((try? StoreInspection.read(database) { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM imports WHERE outcome = 'running'") ?? 0
            }) ?? 0) > 0
        }
        try #require(running, "the import never started: \(watch.stderr)")
        #expect(watch.terminate() == 0, "\(watch.stderr)")
        #expect(watch.stderr.contains("stopped during inbox/export.xml; what was read is committed"), "\(watch.stderr)")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted"])
        #expect(try StoreInspection.integrity(database) == "ok")

        let again = try BackgroundCLI(arguments, directory: folder)
        #expect(again.waitFor(60) { !Self.outcomes(again).isEmpty }, "stderr: \(again.stderr)")
        #expect(again.terminate() == 0)
        #expect(Self.outcomes(again).first?.contains("imported inbox/export.xml: import #2") == true, "\(again.stderr)")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted", "completed"])
    }
}
