import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a user meets when things go wrong: a store another process holds, a store from a newer
/// healthimport, an export cut short, a full disk, a folder they cannot write. Each gets one
/// clear line, a non-zero exit, and a store that is still sound.
@Suite(.serialized) struct ImportFaultTests {
    static let sample = CLI.sample("v14-2025/export.xml")

    /// A folder with a store holding one import of the v14 sample.
    func storeWithOneImport() throws -> (folder: String, database: String) {
        let folder = try CLI.temporaryFolder()
        let database = folder + "/health.sqlite"
        let result = try CLI.run(["import", Self.sample, "--all", "--quiet", "--db", database])
        #expect(result.status == 0, "\(result.stderr)")
        return (folder, database)
    }

    @Test("A store another process is writing to: exit 75, a message saying so, the store untouched and usable after")
    func lockedStore() throws {
        let (folder, database) = try storeWithOneImport()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try StoreInspection.dump(database)

        let queue = try DatabaseQueue(path: database)
        let blocked = try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            try db.execute(sql: "UPDATE anchors SET updated = updated")
            return try CLI.run(["import", Self.sample, "--all", "--force", "--db", database])
        }
        try queue.close()
        #expect(blocked.status == 75, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("healthimport: error: \(database) is locked"), "\(blocked.stderr)")
        #expect(blocked.stderr.split(separator: "\n").count == 1, "\(blocked.stderr)")
        #expect(blocked.stdout.isEmpty)

        #expect(try StoreInspection.integrity(database) == "ok")
        #expect(try StoreInspection.dump(database) == before)
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["completed"])
        let after = try CLI.run(["import", Self.sample, "--all", "--force", "--db", database])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try StoreInspection.dump(database) == before)
    }

    @Test("A store a live import has open (its run logged as running): exit 75 naming that import")
    func anotherImportRunning() throws {
        let (folder, database) = try storeWithOneImport()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This test process plays the other import: alive, and not the new run.
        try StoreInspection.write(database) { db in
            try db.execute(
                sql:
                    "INSERT INTO imports (input, window, started, outcome, pid) VALUES ('other.zip', 'all', '2025-01-01T00:00:00Z', 'running', ?)",
                arguments: [getpid()])
        }
        let result = try CLI.run(["import", Self.sample, "--all", "--force", "--db", database])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(
            result.stderr.contains("another import (pid \(getpid()), import #2) is writing to this store"),
            "\(result.stderr)")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["completed", "running"])
        #expect(try StoreInspection.integrity(database) == "ok")
    }

    @Test(
        "A store written by a newer healthimport is refused, untouched",
        arguments: ["PRAGMA user_version = 99", "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')"])
    func newerSchema(change: String) throws {
        let (folder, database) = try storeWithOneImport()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try StoreInspection.write(database) { db in try db.execute(sql: change) }
        let bytes = try #require(FileManager.default.contents(atPath: database))

        for arguments in [["import", Self.sample, "--all", "--force"], ["status"], ["anchors"]] {
            let result = try CLI.run(arguments + ["--db", database])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("healthimport: error: \(database) was written by a newer healthimport"),
                "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("update healthimport, or use another --db"))
            #expect(result.stdout.isEmpty)
        }
        #expect(FileManager.default.contents(atPath: database) == bytes, "the store's file changed")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["completed"])
    }

    @Test(
        "An export cut short mid-import: an error naming the file, the committed rows intact, a re-run with the whole export completes it"
    )
    func truncatedExport() throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try #require(FileManager.default.contents(atPath: reference.export))
        let cut = folder + "/export.xml"
        // Cut well past the first transaction, in the middle of a line.
        try whole.prefix(whole.count * 3 / 5 + 17).write(to: URL(fileURLWithPath: cut))
        let database = folder + "/health.sqlite"

        let result = try CLI.run(["import", cut, "--all", "--db", database])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(cut):"), "\(result.stderr)")
        #expect(result.stderr.contains("before `</HealthData>` (truncated?)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)

        #expect(try StoreInspection.integrity(database) == "ok")
        let partial = try StoreInspection.dump(database)
        #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty)
        #expect((partial["anchors"] ?? []).isEmpty, "a failed run moves no anchor")
        #expect((partial["quantity_samples"] ?? []).count > 0, "the records read before the cut are committed")
        let runs = try StoreInspection.runs(database)
        #expect(runs.map(\.outcome) == ["failed"])
        #expect(runs.first?.message?.contains(cut) == true, "\(runs)")

        let rerun = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let dump = try StoreInspection.dump(database)
        #expect(dump == reference.dump, "\(StoreInspection.difference(dump, reference.dump))")
    }

    @Test(
        "A full disk: a message saying so, a non-zero exit, and what was committed intact",
        .enabled(
            if: getuid() == 0 && FileManager.default.fileExists(atPath: "/bin/mount"),
            "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mountPoint = folder + "/small-disk"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(
            shell("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]) == 0, "cannot mount a tmpfs")
        defer { _ = shell("/bin/umount", [mountPoint]) }
        let database = mountPoint + "/health.sqlite"

        let result = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("healthimport: error: the disk holding \(database) is full: free some space"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        try #require(FileManager.default.fileExists(atPath: database), "the store was created before the disk filled")
        #expect(try StoreInspection.integrity(database) == "ok")
        let partial = try StoreInspection.dump(database)
        #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty)
        #expect((partial["anchors"] ?? []).isEmpty)
    }

    @Test(
        "A store in a folder the user cannot write: imports say so and exit non-zero, reads work, nothing changed",
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "root ignores permissions, and setpriv is missing to run the test as nobody"))
    func readOnlyFolder() throws {
        let (folder, database) = try storeWithOneImport()
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let before = try #require(FileManager.default.contents(atPath: database))
        let fresh = folder + "/new.sqlite"
        chmod(database, 0o444)
        chmod(folder, 0o555)
        // Root ignores permissions: run the binary as nobody when we are root and can.
        let asNobody: [String]
        if getuid() == 0 {
            asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            chmod(folder, 0o555)
        } else {
            asNobody = []
        }
        let existing = try runCLI(asNobody, ["import", Self.sample, "--all", "--force", "--db", database])
        #expect(existing.status != 0, "\(existing.stderr)")
        #expect(existing.stderr.contains("healthimport: error: \(database)"), "\(existing.stderr)")
        #expect(
            existing.stderr.contains("read-only") || existing.stderr.contains("writable"), "\(existing.stderr)")
        #expect(FileManager.default.contents(atPath: database) == before)

        let created = try runCLI(asNobody, ["import", Self.sample, "--all", "--db", fresh])
        #expect(created.status != 0, "\(created.stderr)")
        #expect(
            created.stderr.contains(
                "healthimport: error: cannot open \(fresh): check that its folder exists and is writable"),
            "\(created.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))

        // The commands that only read it still read it, though SQLite cannot write its WAL index
        // beside it; a change it is asked for says why it cannot.
        for command in [["status"], ["anchors"], ["stats", "--type", "steps", "--by", "day"], ["sources"]] {
            let read = try runCLI(asNobody, command + ["--db", database])
            #expect(read.status == 0, "\(command): \(read.stderr)")
            #expect(read.lines.count > 2, "\(command): \(read.stdout)")
        }
        let change = try runCLI(asNobody, ["sources", "--priority", "Health", "--db", database])
        #expect(change.status == 1)
        #expect(
            change.stderr
                == "healthimport: error: \(database) is read-only: check the permissions of the file and its folder\n")
        #expect(FileManager.default.contents(atPath: database) == before)
    }

    /// Runs the binary, through `prefix` (e.g. setpriv) when given.
    func runCLI(_ prefix: [String], _ arguments: [String]) throws -> CLI.Result {
        guard let launcher = prefix.first else { return try CLI.run(arguments) }
        return try CLI.runProcess(launcher, Array(prefix.dropFirst()) + [CLI.binary] + arguments, directory: "/")
    }

    /// Runs a system tool quietly; returns its exit status.
    func shell(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
