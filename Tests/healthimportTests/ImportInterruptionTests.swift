import Foundation
import HealthFixtures
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An import stopped from outside — `kill -9` at any moment, or Ctrl-C — and then run again
/// ends with exactly the store one uninterrupted import makes.
@Suite(.serialized) struct ImportInterruptionTests {
    /// When to kill: how much of the export the import has been given through standard input
    /// (it waits for the rest, so the kill always lands while it runs), the moment in the run to
    /// wait for, then a random delay drawn from the case's seed.
    enum KillPoint: String, CaseIterable, CustomTestStringConvertible {
        /// A random share of the export given, at any moment of reading it.
        case anyTime
        /// Just after the store file appeared: while the schema is being created.
        case storeCreated
        /// After the run logged itself as running: inside the first transaction of records.
        case runLogged
        /// Every record given but the export's last bytes: the run holds its last transaction
        /// open, waiting for the end.
        case lastTransaction

        var testDescription: String { rawValue }

        var seed: UInt64 { UInt64(Self.allCases.firstIndex(of: self)! + 1) }

        /// How many of the export's `count` bytes to give before the kill.
        func bytesGiven(of count: Int, using random: inout SplitMix) -> Int {
            switch self {
            case .anyTime: Int(Double(count) * Double.random(in: 0.05..<0.95, using: &random))
            case .storeCreated: count / 10
            case .runLogged: count / 2
            case .lastTransaction: count - 16
            }
        }

        /// The longest random delay after the moment, seconds.
        var maximumDelay: Double {
            switch self {
            case .anyTime: 0.5
            case .storeCreated: 0.05
            case .runLogged: 0.3
            case .lastTransaction: 0.6
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
        case .runLogged, .lastTransaction:
            return
                (try? StoreInspection.read(database) { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM imports WHERE outcome = 'running'")
                }) ?? 0 > 0
        }
    }

    @Test(
        "kill -9 at random points of a running import, then a re-run: every table equals a clean import's",
        arguments: KillPoint.allCases)
    func killAndRerun(point: KillPoint) throws {
        let reference = try ReferenceImport.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/health.sqlite"
        let export = try #require(FileManager.default.contents(atPath: reference.export))
        var random = SplitMix(seed: point.seed &* 7919)
        let given = point.bytesGiven(of: export.count, using: &random)
        let delay = Double.random(in: 0..<point.maximumDelay, using: &random)
        signal(SIGPIPE, SIG_IGN)

        let input = Pipe()
        let run = try BackgroundRun(["import", "-", "--all", "--db", database], folder: folder, stdin: input)
        try input.fileHandleForWriting.write(contentsOf: export.prefix(given))
        let started = monotonicSeconds()
        while run.process.isRunning, !Self.reached(point, database), monotonicSeconds() < started + 30 {
            usleep(2_000)
        }
        let moment = monotonicSeconds() - started
        usleep(UInt32(delay * 1_000_000))
        let note =
            "\(point.rawValue): \(given) of \(export.count) bytes given, killed "
            + String(format: "%.2f s after %.2f s", delay, moment)
        try #require(run.process.isRunning, "\(note): the import ended before the kill")
        run.send(SIGKILL)
        try? input.fileHandleForWriting.close()
        let killed = run.wait()
        #expect(killed.signalled, "\(note): the kill must land while the import runs")
        if FileManager.default.fileExists(atPath: database) {
            #expect(try StoreInspection.integrity(database) == "ok", "\(note)")
            let partial = try StoreInspection.dump(database)
            #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty, "\(note)")
            #expect((partial["anchors"] ?? []).isEmpty, "\(note): anchors move only with a completed run")
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

    /// Starts `import - --all --db database` in `folder`, gives it the first half of `export` on
    /// standard input, which stays open (the import waits for the rest), and waits 30 s at the
    /// most for the store to log the run as running; `running` says whether it did.
    static func startHalfFed(_ export: Data, database: String, folder: String) throws -> (
        run: BackgroundRun, input: Pipe, running: Bool
    ) {
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
        return (run, input, running)
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
        let (run, input, running) = try Self.startHalfFed(export, database: database, folder: folder)
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

        let stopped = try Self.interruptHalfFed(export, database: database, folder: folder)
        #expect(!stopped.signalled)
        #expect(stopped.status == 130, "\(stopped.stderr)")
        #expect(
            stopped.stderr.contains("healthimport: stopped; what was read so far is committed"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("healthimport: interrupted"))
        #expect(stopped.stderr.contains("healthimport: stopping; interrupt again to stop at once"))
        #expect(stopped.stdout.isEmpty)

        #expect(try StoreInspection.integrity(database) == "ok")
        let partial = try StoreInspection.dump(database)
        #expect(StoreInspection.isPart(partial, of: reference.dump).isEmpty)
        #expect((partial["anchors"] ?? []).isEmpty)
        #expect((partial["quantity_samples"] ?? []).count > 0, "what was read before Ctrl-C is committed")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted"])
        // The log says what the stopped run left in the store, and why it stopped.
        let (logged, stored) = try StoreInspection.read(database) { db in
            let records = [
                "quantity_sample_rows", "category_sample_rows", "weight_samples", "correlations", "workouts", "routes",
                "activity_summaries", "electrocardiograms", "clinical_records", "audiograms", "vision_prescriptions",
                "exports",
            ].map { "(SELECT count(*) FROM \($0))" }.joined(separator: " + ")
            return (
                try Int.fetchOne(db, sql: "SELECT new_count FROM imports") ?? -1,
                try Int.fetchOne(db, sql: "SELECT \(records)") ?? -2
            )
        }
        #expect(logged == stored && stored > 0)
        let status = try CLI.run(["status", "--db", database])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains(" interrupted "), "\(status.stdout)")
        #expect(
            status.stdout.contains("\(stored) new): stopped by an interrupt (Ctrl-C or SIGTERM)"), "\(status.stdout)")

        let rerun = try CLI.run(["import", reference.export, "--all", "--db", database])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let dump = try StoreInspection.dump(database)
        #expect(dump == reference.dump, "\(StoreInspection.difference(dump, reference.dump))")
        #expect(try StoreInspection.runs(database).map(\.outcome) == ["interrupted", "completed"])

        // A later run over the anchored types commits at its end: stopped, it changed nothing.
        let later = try Self.interruptHalfFed(export, database: database, folder: folder)
        #expect(later.status == 130, "\(later.stderr)")
        #expect(later.stderr.contains("healthimport: stopped; the store is as it was"), "\(later.stderr)")
        #expect(try StoreInspection.dump(database) == reference.dump)
    }

    /// Feeds half the export to an import through standard input, presses Ctrl-C, then feeds the
    /// rest: the Ctrl-C lands while records are still being read, whatever the machine's speed.
    static func interruptHalfFed(
        _ export: Data, database: String, folder: String
    ) throws -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
        let (run, input, running) = try startHalfFed(export, database: database, folder: folder)
        try #require(running, "the import never logged itself as running")
        run.send(SIGINT)
        usleep(100_000)
        var offset = export.count / 2
        while offset < export.count {
            let end = min(export.count, offset + 65_536)
            guard (try? input.fileHandleForWriting.write(contentsOf: export[offset..<end])) != nil else { break }
            offset = end
        }
        try? input.fileHandleForWriting.close()
        return run.wait()
    }
}
