import Foundation
import HealthFixtures
import Testing

@Suite struct ParquetCommandTests {
    /// A fresh folder under the temporary directory.
    func temporaryFolder() -> String {
        NSTemporaryDirectory() + "healthimport-parquet-" + UUID().uuidString
    }

    /// Runs `parquet` and `records` on `export` with `arguments`, then the checks, and returns their lines.
    func checks(_ export: String, _ arguments: [String]) throws -> [(name: String, expected: String, found: String)] {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let parquet = try CLI.run(["parquet", export, "-o", folder] + arguments)
        #expect(parquet.status == 0, "\(parquet.stderr)")
        #expect(parquet.stdout.isEmpty)
        let records = try CLI.run(["records", export] + arguments)
        let linesPath = folder + "/records.jsonl"
        try Data(records.stdout.utf8).write(to: URL(fileURLWithPath: linesPath))
        let output = try TestPython.run(
            ParquetChecks.script, [linesPath, folder, CLI.repositoryRoot + "/docs/parquet.md"])
        return output.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
        }
    }

    @Test(
        "parquet --all on the sample zip: every file has its documented columns and the rows, sums and daily steps of records",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func sampleZip() throws {
        let results = try checks(CLI.sample("zip/export.zip"), ["--all"])
        #expect(results.count > 30)
        for result in results {
            #expect(result.expected == result.found, "\(result.name)")
            #expect(result.expected != "None", "\(result.name): not in docs/parquet.md")
        }
        #expect(results.contains { $0.name == "schema quantity_samples" })
        #expect(results.contains { $0.name == "schema route_points" })
    }

    @Test(
        "parquet on the newest sample export with --type keeps only that type, like records",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func typeSelection() throws {
        let results = try checks(CLI.sample("v14-2025/export.xml"), ["--all", "--type", "steps"])
        for result in results { #expect(result.expected == result.found, "\(result.name)") }
        #expect(results.contains { $0.name == "schema quantity_samples" })
        #expect(!results.contains { $0.name == "schema workouts" })
    }

    @Test("a table without rows writes no file, and one left by an earlier run is removed")
    func emptyTablesWriteNoFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let all = try CLI.run(["parquet", CLI.sample("v14-2025/export.xml"), "--all", "-o", folder])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/workouts.parquet"))
        let weights = try CLI.run([
            "parquet", CLI.sample("v14-2025/export.xml"), "--all", "--type", "weight", "-o", folder,
        ])
        #expect(weights.status == 0, "\(weights.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["metadata.parquet", "weight_samples.parquet"] || files == ["weight_samples.parquet"])
        #expect(weights.stderr.contains("weight_samples.parquet"))
    }

    @Test("an output path that is a file is one clear error")
    func outputIsAFile() throws {
        let file = temporaryFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLI.run(["parquet", CLI.sample("v14-2025/export.xml"), "-o", file])
        #expect(result.status == 1)
        #expect(result.stderr == "healthimport: error: \(file) exists and is not a folder\n")
    }
    @Test(
        "a sample the export lists again is one row, the first listing's, as the store keeps it",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func repeatsOnce() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sleep = """
              <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" \
            creationDate="2025-05-02 07:00:00 +0200" startDate="2025-05-02 01:00:00 +0200" \
            endDate="2025-05-02 02:30:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"
            """
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2025-05-03 08:00:00 +0200"/>
            \(sleep)/>
            \(sleep)/>
            \(sleep)><MetadataEntry key="Note" value="listed again"/></Record>
            </HealthData>
            """
        let path = folder + "/export.xml"
        try export.write(toFile: path, atomically: true, encoding: .utf8)
        let output = folder + "/out"
        let result = try CLI.run(["parquet", path, "--all", "-o", output, "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        let counted = try TestPython.run(
            """
            import sys, os, pyarrow.parquet as pq
            folder = sys.argv[1]
            for name in sorted(os.listdir(folder)):
                print(name, pq.read_table(os.path.join(folder, name)).num_rows)
            """, [output])
        #expect(counted == "category_samples.parquet 1\n", "\(counted)")
    }
}
