import Foundation
import HealthCore
import Testing

/// `records PATH --state state.json`: JSON lines of only what is new since the last run.
@Suite(.serialized) struct RecordsStateTests {
    static let export = GeneratedExport(records: 3_000, days: 60)

    func uuids(_ result: CLI.Result) throws -> [String] {
        try result.lines.map { line in try #require(try jsonObject(line)["uuid"] as? String, "\(line)") }
    }

    func stateFile(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path), "no state file at \(path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "First run prints the window, the second nothing, a newer export only its new records; the state file is valid JSON"
    )
    func incremental() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let older = try Self.export.write(to: folder, name: "older.xml")
        let newer = try Self.export.newer(records: 120).write(to: folder, name: "newer.xml")
        let state = folder + "/state.json"

        // First run: exactly what a run without state prints (the default window), then the state.
        let plain = try CLI.run(["records", older, "-q"])
        let first = try CLI.run(["records", older, "--state", state])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == plain.stdout)
        #expect(first.lines.count > 1000)
        #expect(first.stderr.contains("healthimport: \(first.lines.count) records"), "\(first.stderr)")
        #expect(first.stderr.contains("outside the window"))
        let written = try stateFile(state)
        #expect(written["format"] as? Int == 1)
        let anchors = try #require(written["anchors"] as? [[String: Any]])
        let types = Set(try first.lines.map { try #require(try jsonObject($0)["type"] as? String) })
        #expect(Set(anchors.compactMap { $0["type"] as? String }) == types)
        for anchor in anchors {
            #expect(anchor["newestCreation"] is Int)
            #expect(!(anchor["boundary"] as? [String] ?? []).isEmpty)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "newer.xml", "older.xml", "state.json",
            ])

        // Same export again: nothing new, state unchanged but for the update times.
        let second = try CLI.run(["records", older, "--state", state])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.isEmpty)
        #expect(
            second.stderr.contains("healthimport: 0 records, \(first.lines.count) already imported"), "\(second.stderr)"
        )
        let secondAnchors = try #require(try stateFile(state)["anchors"] as? [[String: Any]])
        #expect(secondAnchors.map { $0["newestCreation"] as? Int } == anchors.map { $0["newestCreation"] as? Int })

        // A newer export: exactly the records the older one did not have (its profile is the
        // older one's, which the state's digest tells, so no line for it).
        let everythingOld = Set(try uuids(try CLI.run(["records", older, "--all", "-q"])))
        let everythingNew = Set(try uuids(try CLI.run(["records", newer, "--all", "-q"])))
        let third = try CLI.run(["records", newer, "--state", state])
        #expect(third.status == 0, "\(third.stderr)")
        let added = try uuids(third)
        #expect(Set(added) == everythingNew.subtracting(everythingOld))
        #expect(!added.contains(RecordIdentity.profileID.description))
        #expect(
            added.count == 120 + 2 + 4 + 2 + 2,
            "the records, two readings and their members, two runs, two days of rings")
        _ = try stateFile(state)

        // And the newer export once more: nothing.
        let fourth = try CLI.run(["records", newer, "--state", state, "-q"])
        #expect(fourth.status == 0)
        #expect(fourth.stdout.isEmpty)
    }

    @Test("When the reader of the output goes away, the state is not advanced: the next run prints everything again")
    func stateOnlyAfterOutput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.export.write(to: folder)
        let state = folder + "/state.json"

        // `records ... | head -c 0`: standard output is a pipe nobody reads, closed at once.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["records", path, "--state", state, "-q"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try output.fileHandleForReading.close()
        try process.run()
        try? output.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "a closed output is a quiet end")
        #expect(!FileManager.default.fileExists(atPath: state), "the state moved although nothing was delivered")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["export.xml"])

        let delivered = try CLI.run(["records", path, "--state", state, "-q"])
        #expect(delivered.status == 0)
        #expect(delivered.stdout == (try CLI.run(["records", path, "-q"])).stdout)
        #expect(FileManager.default.fileExists(atPath: state))
    }

    @Test("A state file that is not one is refused with its name, and left as it was")
    func badStateFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.export.write(to: folder)
        let state = folder + "/state.json"
        try "{\"not\": \"a state\"".write(toFile: state, atomically: true, encoding: .utf8)
        let result = try CLI.run(["records", path, "--state", state])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(state) is not a healthimport state file"), "\(result.stderr)")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "{\"not\": \"a state\"")
    }
}
