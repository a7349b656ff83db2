#if PostgreSQL
import Foundation
import HealthCore
import HealthFixtures
import HealthPostgres
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PostgreSQL stopped (`pg_ctl -m immediate stop`, as a crash) and started again under the
/// command line and the server. Each test has a server of its own: the shared one serves
/// other tests in parallel.
@Suite(
    "When PostgreSQL goes away", .serialized,
    .enabled(if: PostgresCluster.canStart, Comment(rawValue: PostgresCluster.skipReason)))
struct DatabaseRestartTests {
    /// Step samples in the big export: its import runs for seconds on this machine.
    static let steps = 60_000

    @Test("an import exits 69 within 10 s of PostgreSQL stopping; the next run ends with a clean import's rows")
    func importAcrossRestart() throws {
        let cluster = try PostgresCluster(name: "import")
        let folder = TemporaryFolder()
        let (running, export, store) = try Self.importUnderway(into: cluster, in: folder)
        try #require(running.process.isRunning, "the import ended before PostgreSQL stopped: \(running.stderr)")
        try cluster.stop()
        let stopped = Date()
        let status = running.exit(within: 10)
        #expect(status == 69, "still running 10 s after PostgreSQL stopped, or another status: \(running.stderr)")
        #expect(Date().timeIntervalSince(stopped) < 10)
        #expect(
            running.stderr.contains(
                "healthimport: error: PostgreSQL at \(cluster.address) went away during the import (what was committed is kept; run the import again)"
            ), "\(running.stderr)")

        // Every command that needs the database says so at once while it is down.
        for arguments in [
            ["status"], ["anchors"], ["sources"], ["stats", "--type", "HKQuantityTypeIdentifierStepCount"],
        ] {
            let started = Date()
            let output = try Tool.healthimport(arguments + store)
            #expect(output.status == 69, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(cluster.address), "\(arguments): \(output.stderr)")
            #expect(Date().timeIntervalSince(started) < 10, "\(arguments)")
        }

        try cluster.start()
        let kept = Self.rows(cluster.url, person: "jo")
        #expect(kept > 0 && kept < Self.steps, "the committed rows stay: \(kept)")
        let log = try Self.status(cluster.url, person: "jo")
        #expect(log.imports.first?.outcome == .interrupted, "the dead run shows as interrupted at once")

        let again = try Tool.healthimport(["import", export, "--all", "--quiet"] + store)
        #expect(again.status == 0, "\(again.stderr)")
        let clean = try Tool.healthimport([
            "import", export, "--all", "--quiet", "--db", cluster.url, "--person", "clean",
        ])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(try Self.types(cluster.url, person: "jo") == Self.types(cluster.url, person: "clean"))
        #expect(Self.rows(cluster.url, person: "jo") == Self.steps)
    }

    @Test("an import waiting on a hung PostgreSQL ends at a second Ctrl-C with 130; the next run completes it")
    func importHungTwiceInterrupted() throws {
        let cluster = try PostgresCluster(name: "hung")
        let folder = TemporaryFolder()
        let (running, export, store) = try Self.importUnderway(into: cluster, in: folder, thenFreeze: true)
        defer { try? cluster.thaw() }
        kill(running.process.processIdentifier, SIGINT)
        // The first Ctrl-C asks the run to stop at its next record, which waits for the database.
        #expect(running.exit(within: 1) == nil, "the import ended at the first Ctrl-C: \(running.stderr)")
        #expect(running.stderr.contains("healthimport: stopping; interrupt again to stop at once"), "\(running.stderr)")
        kill(running.process.processIdentifier, SIGINT)
        #expect(running.exit(within: 5) == 130, "\(running.stderr)")
        #expect(running.stderr.contains("healthimport: interrupted again: stopping at once"), "\(running.stderr)")

        try cluster.thaw()
        let again = try Tool.healthimport(["import", export, "--all", "--quiet"] + store)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.rows(cluster.url, person: "jo") == Self.steps)
    }

    @Test("an import whose PostgreSQL stops answering exits 69 within 25 s, saying so; the next run completes it")
    func importWhileFrozen() throws {
        let cluster = try PostgresCluster(name: "frozen")
        let folder = TemporaryFolder()
        let (running, export, store) = try Self.importUnderway(into: cluster, in: folder, thenFreeze: true)
        defer { try? cluster.thaw() }
        let frozen = Date()
        let status = running.exit(within: 25)
        #expect(status == 69, "still running 25 s after PostgreSQL hung, or another status: \(running.stderr)")
        #expect(Date().timeIntervalSince(frozen) < 25)
        #expect(
            running.stderr.contains(
                "healthimport: error: PostgreSQL at \(cluster.address) stopped answering during the import (what was committed is kept; run the import again)"
            ), "\(running.stderr)")

        try cluster.thaw()
        let again = try Tool.healthimport(["import", export, "--all", "--quiet"] + store)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.rows(cluster.url, person: "jo") == Self.steps)
    }

    @Test("parquet --db whose PostgreSQL stops answering while rows stream exits 69 within 25 s, saying so")
    func parquetWhileFrozen() throws {
        let cluster = try PostgresCluster(name: "parquet-frozen")
        let folder = TemporaryFolder()
        let (imported, _, store) = try Self.importUnderway(into: cluster, in: folder)
        #expect(imported.exit(within: 120) == 0, "\(imported.stderr)")
        let reading = try BackgroundTool(["parquet", "-o", folder.path + "/parquet", "--quiet"] + store)
        // Its first query answered, and rows on their way (a read of every row takes seconds).
        usleep(1_000_000)
        try cluster.freeze()
        defer { try? cluster.thaw() }
        try #require(reading.process.isRunning, "parquet ended before PostgreSQL hung: \(reading.stderr)")
        let frozen = Date()
        #expect(reading.exit(within: 25) == 69, "still running 25 s after PostgreSQL hung: \(reading.stderr)")
        #expect(Date().timeIntervalSince(frozen) < 25)
        #expect(
            reading.stderr.contains("healthimport: error: PostgreSQL at \(cluster.address) stopped answering"),
            "\(reading.stderr)")
    }

    @Test("watch rides out a stopped PostgreSQL: it says so, tries the export again, and imports it once it is back")
    func watchAcrossRestart() throws {
        let cluster = try PostgresCluster(name: "watch")
        let store = ["--db", cluster.url, "--person", "jo"]
        try cluster.stop()
        let folder = TemporaryFolder()
        let inbox = folder.path + "/inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let watch = try BackgroundTool(["watch", inbox, "--all", "--poll", "0.2", "--settle", "0.2"] + store)
        try FileManager.default.copyItem(
            atPath: Tool.repositoryRoot + "/SampleExports/zip/export.zip", toPath: inbox + "/export.zip")
        let deadline = Date().addingTimeInterval(20)
        while !watch.stderr.contains("again in 5 s") && watch.process.isRunning && Date() < deadline {
            usleep(100_000)
        }
        #expect(watch.stderr.contains("cannot reach PostgreSQL at \(cluster.address)"), "\(watch.stderr)")
        #expect(watch.stderr.contains("trying \(inbox)/export.zip again in 5 s"), "\(watch.stderr)")
        #expect(watch.process.isRunning, "the watcher ended while PostgreSQL was down: \(watch.stderr)")

        try cluster.start()
        let back = Date().addingTimeInterval(30)
        while !watch.stderr.contains("imported \(inbox)/export.zip") && Date() < back { usleep(100_000) }
        #expect(watch.stderr.contains("imported \(inbox)/export.zip: import #1"), "\(watch.stderr)")
        kill(watch.process.processIdentifier, SIGTERM)
        #expect(watch.exit(within: 10) == 0, "\(watch.stderr)")
        #expect(try Self.status(cluster.url, person: "jo").imports.map(\.outcome) == [.completed])
    }

    @Test("the server answers 503 with Retry-After while PostgreSQL is down, 200 once it is back, and stops on SIGTERM")
    func serverAcrossRestart() throws {
        let cluster = try PostgresCluster(name: "serve")
        let token = try Tool.addPerson("jo", database: cluster.url)
        let server = try ServerProcess(database: cluster.url, options: ["--drain-seconds", "3"])
        #expect(try server.request("GET", "/ready", token: nil).status == 200)
        #expect(try server.request("GET", "/api/healthkit/sync-status", token: token).status == 200)

        try cluster.stop()
        for path in ["/api/healthkit/sync-status", "/api/healthkit/status", "/api/healthkit/records"] {
            let started = Date()
            let answer = try server.request("GET", path, token: token)
            #expect(answer.status == 503, "\(path): \(answer.status) \(answer.text)")
            #expect(answer.headers.lowercased().contains("retry-after:"), "\(path): \(answer.headers)")
            #expect((answer.json["error"] as? String)?.contains(cluster.address) == true, "\(path): \(answer.text)")
            #expect(Date().timeIntervalSince(started) < 10, "\(path)")
        }
        #expect(try server.request("GET", "/ready", token: nil).status == 503)
        #expect(try server.request("GET", "/health", token: nil).status == 200)

        try cluster.start()
        let back = try server.request("GET", "/api/healthkit/sync-status", token: token)
        #expect(back.status == 200, "the first request after the restart: \(back.text)")
        #expect(try server.request("GET", "/ready", token: nil).status == 200)
        let upload = try server.request(
            "POST", "/api/healthkit/exports?window=all", token: token, body: ServerExports.xml(steps: 5))
        #expect(upload.status == 200, "\(upload.text)")
        #expect(Self.rows(cluster.url, person: "jo") == 5)

        // A database that takes connections and never answers holds a request, not the shutdown.
        try cluster.freeze()
        defer { try? cluster.thaw() }
        let waiting = try BackgroundTool(
            [
                "-s", "-o", "/dev/null", "-H", "Authorization: Bearer \(token)",
                "http://127.0.0.1:\(server.port)/api/healthkit/status",
            ], executable: "/usr/bin/curl")
        usleep(500_000)
        let signalled = Date()
        kill(server.process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(8)
        while server.process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!server.process.isRunning, "SIGTERM with --drain-seconds 3 left the server running")
        #expect(Date().timeIntervalSince(signalled) < 8)
        _ = waiting.exit(within: 5)
        server.stop()
    }

    @Test("mcp says at once that PostgreSQL is down, and answers again once it is back, without a restart of its own")
    func mcpAcrossRestart() throws {
        let cluster = try PostgresCluster(name: "mcp")
        let session = try Self.mcpSession(on: cluster)
        let before = try #require(try session.call("get_status"), "no answer before the restart")
        #expect(!before.isError, "\(before.text)")

        try cluster.stop()
        let started = Date()
        let down = try #require(try session.call("list_types"), "no answer within 10 s while PostgreSQL is down")
        #expect(down.isError && down.text.contains(cluster.address), "\(down.text)")
        #expect(Date().timeIntervalSince(started) < 10)

        try cluster.start()
        let back = try #require(try session.call("get_status"), "no answer after the restart")
        #expect(!back.isError, "the first call after the restart: \(back.text)")
        #expect(back.text == before.text)
        let steps = try #require(try session.call("query_statistics", ["type": "steps", "interval": "month"]))
        #expect(!steps.isError && steps.text.contains("\"periods\""), "\(steps.text)")

        // Started while the database is down, it exits as every command does then.
        try cluster.stop()
        let refused = try Tool.healthimport(["mcp", "--db", cluster.url, "--person", "jo"])
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("healthimport: error: cannot reach PostgreSQL"), "\(refused.stderr)")
    }

    @Test("mcp --timeout answers an error when PostgreSQL hangs, and answers again once it is back")
    func mcpWhileFrozen() throws {
        let cluster = try PostgresCluster(name: "mcp-frozen")
        let session = try Self.mcpSession(on: cluster, options: ["--timeout", "2"])
        let before = try #require(try session.call("get_status"), "no answer before the database hung")
        #expect(!before.isError, "\(before.text)")

        try cluster.freeze()
        defer { try? cluster.thaw() }
        let started = Date()
        let hung = try #require(try session.call("get_status"), "no answer within 10 s while PostgreSQL hangs")
        #expect(hung.isError && hung.text.contains("did not answer within 2 s"), "\(hung.text)")
        #expect(Date().timeIntervalSince(started) < 10)

        try cluster.thaw()
        let back = try #require(try session.call("get_status"), "no answer once the database is back")
        #expect(!back.isError && back.text == before.text, "\(back.text)")
    }

    @Test("an upload in flight when PostgreSQL stops gets 503, keeps nothing, and shows as interrupted")
    func uploadAcrossRestart() throws {
        let cluster = try PostgresCluster(name: "upload")
        let folder = TemporaryFolder()
        let (upload, server, token, export) = try Self.uploadUnderway(into: cluster, in: folder)
        try #require(upload.process.isRunning, "the upload ended before PostgreSQL stopped: \(upload.stdout)")
        try cluster.stop()
        let stopped = Date()
        #expect(upload.exit(within: 10) != nil, "no answer 10 s after PostgreSQL stopped")
        #expect(Date().timeIntervalSince(stopped) < 10)
        #expect(upload.stdout.hasSuffix("503"), "\(upload.stdout)")

        try cluster.start()
        #expect(Self.rows(cluster.url, person: "jo") == 0, "nothing of the interrupted upload stays")
        #expect(try Self.status(cluster.url, person: "jo").imports.first?.outcome == .interrupted)
        let again = try server.request("POST", "/api/healthkit/exports?window=all", token: token, bodyFile: export)
        #expect(again.status == 200, "\(again.text)")
        #expect(Self.rows(cluster.url, person: "jo") == Self.steps)
        #expect(server.stop() == 0)
    }

    @Test("an upload in flight when PostgreSQL stops answering gets 503 within 25 s and keeps nothing")
    func uploadWhileFrozen() throws {
        let cluster = try PostgresCluster(name: "upload-frozen")
        let folder = TemporaryFolder()
        let (upload, server, token, export) = try Self.uploadUnderway(into: cluster, in: folder)
        try #require(upload.process.isRunning, "the upload ended before PostgreSQL hung: \(upload.stdout)")
        try cluster.freeze()
        defer { try? cluster.thaw() }
        let frozen = Date()
        #expect(upload.exit(within: 25) != nil, "no answer 25 s after PostgreSQL hung")
        #expect(Date().timeIntervalSince(frozen) < 25)
        #expect(upload.stdout.hasSuffix("503"), "\(upload.stdout)")

        try cluster.thaw()
        // The hung run's server process ends once it reads that its client left.
        let settled = Date().addingTimeInterval(10)
        while (try? Self.status(cluster.url, person: "jo").imports.first?.outcome) != .interrupted && Date() < settled {
            usleep(100_000)
        }
        #expect(try Self.status(cluster.url, person: "jo").imports.first?.outcome == .interrupted)
        #expect(Self.rows(cluster.url, person: "jo") == 0, "nothing of the hung upload stays")
        let again = try server.request("POST", "/api/healthkit/exports?window=all", token: token, bodyFile: export)
        #expect(again.status == 200, "\(again.text)")
        #expect(Self.rows(cluster.url, person: "jo") == Self.steps)
        #expect(server.stop() == 0)
    }

    /// An import of the big export into `jo`'s rows, running in the background, once it has
    /// committed some of them; its export and store arguments. With `thenFreeze`, the cluster is
    /// frozen then, and the import must still be running: the caller thaws it.
    static func importUnderway(
        into cluster: PostgresCluster, in folder: TemporaryFolder, thenFreeze: Bool = false
    ) throws -> (running: BackgroundTool, export: String, store: [String]) {
        let export = folder.path + "/export.xml"
        try StepExport.write(steps: steps, to: export)
        let store = ["--db", cluster.url, "--person", "jo"]
        let running = try BackgroundTool(["import", export, "--all", "--quiet"] + store)
        let deadline = Date().addingTimeInterval(60)
        while rows(cluster.url, person: "jo") == 0 && running.process.isRunning && Date() < deadline {
            usleep(100_000)
        }
        if thenFreeze {
            try cluster.freeze()
            if !running.process.isRunning { try? cluster.thaw() }
            try #require(running.process.isRunning, "the import ended before PostgreSQL hung: \(running.stderr)")
        }
        return (running, export, store)
    }

    /// An upload of the big export as `jo` to a server of `cluster`, in the background, once its
    /// run is in the log (uncommitted rows are not visible); the server, jo's token and the export.
    static func uploadUnderway(
        into cluster: PostgresCluster, in folder: TemporaryFolder
    ) throws -> (upload: BackgroundTool, server: ServerProcess, token: String, export: String) {
        let export = folder.path + "/export.xml"
        try StepExport.write(steps: steps, to: export)
        let token = try Tool.addPerson("jo", database: cluster.url)
        let server = try ServerProcess(database: cluster.url)
        let upload = try BackgroundTool(
            [
                "-s", "-w", "%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(token)",
                "-H", "Content-Type: application/octet-stream", "--data-binary", "@" + export,
                "http://127.0.0.1:\(server.port)/api/healthkit/exports?window=all",
            ], executable: "/usr/bin/curl")
        let deadline = Date().addingTimeInterval(60)
        while (try? status(cluster.url, person: "jo").imports.isEmpty) != false && Date() < deadline {
            usleep(100_000)
        }
        usleep(500_000)
        return (upload, server, token, export)
    }

    /// `healthimport mcp` on `jo`'s rows of a sample export imported into `cluster`.
    static func mcpSession(on cluster: PostgresCluster, options: [String] = []) throws -> MCPSession {
        let store = ["--db", cluster.url, "--person", "jo"]
        let imported = try Tool.healthimport(
            ["import", Tool.repositoryRoot + "/SampleExports/v14-2025/export.xml", "--all", "--quiet"] + store)
        try #require(imported.status == 0, "\(imported.stderr)")
        return try MCPSession(store + options)
    }

    // MARK: Reading the store

    static func status(_ url: String, person: String) throws -> StoreStatus {
        let store = try PostgresStore.open(url: url, person: person)
        defer { store.closeWaiting() }
        return try store.status()
    }

    /// Current step samples of `person` (the store also counts the export itself), 0 when the
    /// database cannot be read.
    static func rows(_ url: String, person: String) -> Int {
        ((try? status(url, person: person))?.types ?? []).filter { $0.type == "HKQuantityTypeIdentifierStepCount" }
            .reduce(0) { $0 + $1.rows }
    }

    /// Per type: rows and first and last start.
    static func types(_ url: String, person: String) throws -> [String] {
        try status(url, person: person).types.map {
            "\($0.type) \($0.rows) \($0.firstStart ?? "") \($0.lastStart ?? "")"
        }
    }
}
#endif
