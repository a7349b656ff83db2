import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An import stopped from outside — `kill -9` at any moment, or Ctrl-C — and then run again
/// ends with exactly the store one uninterrupted import makes.
@Suite(.serialized) struct ImportInterruptionTests {
    /// A small deterministic generator (SplitMix64), so a failing kill delay can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// When to kill: a moment in the run, then a random delay drawn from the case's seed.
    enum KillPoint: String, CaseIterable, CustomTestStringConvertible {
        /// Any time in a clean run's duration (most often before the store exists: a debug build
        /// spends its first second fingerprinting the export).
        case anyTime
        /// Just after the store file appeared: while the schema is being created.
        case storeCreated
        /// After the run logged itself as running: inside the first transaction of records.
        case runLogged
        /// After the first rows were committed: between transactions, or in the last one.
        case rowsCommitted
        /// Like ``rowsCommitted``, later.
        case rowsCommittedLater

        var testDescription: String { rawValue }

        var seed: UInt64 { UInt64(Self.allCases.firstIndex(of: self)! + 1) }

        /// The longest random delay after the moment, seconds.
        func maximumDelay(cleanRun: Double) -> Double {
            switch self {
            case .anyTime: cleanRun
            case .storeCreated: 0.05
            case .runLogged: 0.5
            case .rowsCommitted: 0.1
            case .rowsCommittedLater: 0.6
            }
        }
    }

    /// Whether the moment `point` waits for has come in `database`.
    static func reached(_ point: KillPoint, _ database: String) -> Bool {
        switch point {
        case .anyTime:
            return true
        case .storeCreated:
            return FileManager.default.fileExists(atPath: database)
        case .runLogged:
            return
                (try? StoreInspection.read(database) { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM imports WHERE outcome = 'running'")
                }) ?? 0 > 0
        case .rowsCommitted, .rowsCommittedLater:
            return
                (try? StoreInspection.read(database) { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM quantity_samples")
                }) ?? 0 > 0
        }
    }

    @Test("kill -9 at random points, then a re-run: every table equals a clean import's", arguments: KillPoint.allCases)
    func killAndRerun(point: KillPoint) throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        var random = SplitMix(state: point.seed &* 7919)
        let delay = Double.random(in: 0..<point.maximumDelay(cleanRun: reference.seconds), using: &random)

        let run = try BackgroundRun(["import", reference.export, "--all", "--db", database], folder: folder)
        let started = monotonicSeconds()
        while run.process.isRunning, !Self.reached(point, database), monotonicSeconds() < started + 30 {
            usleep(2_000)
        }
        let moment = monotonicSeconds() - started
        usleep(UInt32(delay * 1_000_000))
        run.send(SIGKILL)
        let killed = run.wait()
        let note =
            "\(point.rawValue): killed "
            + String(format: "%.2f s after %.2f s (a clean run takes %.2f s)", delay, moment, reference.seconds)
        if !killed.signalled {
            // The import finished before the signal came: fine, the store must still be the reference.
            #expect(killed.status == 0, "\(note): \(killed.stderr)")
        }
        if FileManager.default.fileExists(atPath: database) {
            #expect(try StoreInspection.integrity(database) == "ok", "\(note)")
            let partial = try StoreInspection.dump(database)
            #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty, "\(note)")
            #expect(
                (partial["anchors"] ?? []).isEmpty || partial == reference.dump,
                "\(note): anchors move only with a completed run")
        }

        let rerun = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(rerun.status == 0, "\(note): \(rerun.stderr)")
        let dump = try StoreInspection.dump(database)
        #expect(dump == reference.dump, "\(note): \(StoreInspection.difference(dump, reference.dump))")
        #expect(try StoreInspection.integrity(database) == "ok")
        // The killed run is not left `running`.
        let outcomes = try StoreInspection.runs(database).map(\.outcome)
        #expect(outcomes.last == "completed")
        #expect(!outcomes.contains("running"), "\(note): \(outcomes)")
    }

    @Test("kill -9 while the export is half read: the kill lands mid-import, and a re-run completes it")
    func killMidImport() throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let export = try #require(FileManager.default.contents(atPath: reference.export))
        signal(SIGPIPE, SIG_IGN)

        // Half the export through standard input, then the import waits for the rest: the
        // kill certainly lands while it runs.
        let input = Pipe()
        let run = try BackgroundRun(["import", "-", "--all", "--db", database], folder: folder, stdin: input)
        try input.fileHandleForWriting.write(contentsOf: export.prefix(export.count / 2))
        let deadline = monotonicSeconds() + 30
        var running = false
        while !running, monotonicSeconds() < deadline, run.process.isRunning {
            usleep(10_000)
            running =
                (try? StoreInspection.read(database) { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM imports WHERE outcome = 'running'") ?? 0
                }) ?? 0 > 0
        }
        try #require(running, "the import never logged itself as running")
        #expect(run.process.isRunning, "the import ended before the kill")
        run.send(SIGKILL)
        try? input.fileHandleForWriting.close()
        let killed = run.wait()
        #expect(killed.signalled, "the kill must land while the import runs")

        #expect(try StoreInspection.integrity(database) == "ok")
        let partial = try StoreInspection.dump(database)
        #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty)
        #expect((partial["anchors"] ?? []).isEmpty, "anchors move only with a completed run")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["running"])

        let rerun = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try StoreInspection.dump(database) == reference.dump)
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted", "completed"])
    }

    @Test("Ctrl-C stops the import with exit 130, the store stays usable, and a re-run completes it")
    func interrupt() throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let export = try #require(FileManager.default.contents(atPath: reference.export))
        // A pipe we may write to after the import stopped reading.
        signal(SIGPIPE, SIG_IGN)

        // The export comes through standard input, so the Ctrl-C lands while records are still
        // being read whatever the machine's speed: half the export, Ctrl-C, then the rest.
        let input = Pipe()
        let run = try BackgroundRun(["import", "-", "--all", "--db", database], folder: folder, stdin: input)
        let half = export.count / 2
        try input.fileHandleForWriting.write(contentsOf: export.prefix(half))
        let deadline = monotonicSeconds() + 30
        var running = false
        while !running, monotonicSeconds() < deadline, run.process.isRunning {
            usleep(10_000)
            running =
                (try? StoreInspection.read(database) { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM imports WHERE outcome = 'running'") ?? 0
                }) ?? 0 > 0
        }
        try #require(running, "the import never logged itself as running")
        run.send(SIGINT)
        usleep(100_000)
        var offset = half
        while offset < export.count {
            let end = min(export.count, offset + 65_536)
            guard (try? input.fileHandleForWriting.write(contentsOf: export[offset..<end])) != nil else { break }
            offset = end
        }
        try? input.fileHandleForWriting.close()
        let stopped = run.wait()
        #expect(!stopped.signalled)
        #expect(stopped.status == 130, "\(stopped.stderr)")
        #expect(
            stopped.stderr.contains("healthimport: stopped; what was read so far is committed"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("healthimport: interrupted"))
        #expect(stopped.stdout.isEmpty)

        #expect(try StoreInspection.integrity(database) == "ok")
        let partial = try StoreInspection.dump(database)
        #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty)
        #expect((partial["anchors"] ?? []).isEmpty)
        #expect((partial["quantity_samples"] ?? []).count > 0, "what was read before Ctrl-C is committed")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted"])
        let status = try CLI.run(["status", "--db", database])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains(" interrupted "), "\(status.stdout)")

        let rerun = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let dump = try StoreInspection.dump(database)
        #expect(dump == reference.dump, "\(StoreInspection.difference(dump, reference.dump))")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted", "completed"])
    }
}
