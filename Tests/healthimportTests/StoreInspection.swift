import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks into a store the CLI wrote, from outside, as a user's own tools would.
enum StoreInspection {
    /// Every table's rows (and the sample views'), sorted, as text, leaving out what differs between two runs that
    /// imported the same records: the run log (`imports`), the migration log, and the anchors'
    /// run ID and timestamp. Two stores with equal dumps hold the same records and anchors.
    static func dump(_ database: String) throws -> [String: [String]] {
        try read(database) { db in
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE (type = 'table' \
                    AND name NOT IN ('imports', 'grdb_migrations', 'sqlite_sequence')) \
                    OR name IN ('quantity_samples', 'category_samples', 'heartbeats') ORDER BY name
                    """)
            var dump: [String: [String]] = [:]
            for table in tables {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
                dump[table] = rows.map { row in
                    row.filter { $0.0 != "import_id" && $0.0 != "updated" }.map { "\($0.0)=\($0.1)" }
                        .joined(separator: "|")
                }.sorted()
            }
            return dump
        }
    }

    /// The number of rows of every data table.
    static func counts(_ dump: [String: [String]]) -> [String: Int] {
        dump.mapValues(\.count)
    }

    /// Runs `body` in a read transaction on a connection that is closed afterwards.
    ///
    /// The connection may write, as `sqlite3` does: a store killed while its write-ahead log was
    /// being set up is recovered by the first connection that can (a read-only one is refused).
    static func read<T>(_ database: String, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: database, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// Runs `body` on a read-write connection that is closed afterwards.
    static func write<T>(_ database: String, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: database, configuration: configuration)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction(body)
    }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    static func integrity(_ database: String) throws -> String {
        try read(database) { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }

    /// The `imports` rows, oldest first: outcome and message.
    static func runs(_ database: String) throws -> [(outcome: String, message: String?)] {
        try read(database) { db in
            try Row.fetchAll(db, sql: "SELECT outcome, message FROM imports ORDER BY id").map { ($0[0], $0[1]) }
        }
    }

    /// Whether every row of `part` is also in `whole`: what an interrupted run committed is
    /// part of what a complete run stores. Anchors and the statistics still pending are the
    /// interrupted run's bookkeeping.
    ///
    /// Statistics are the exception: a run computes a type's statistics beside its writer once it has
    /// moved past the type, so a killed run may leave statistics of a type it wrote again later. Those
    /// may differ while the type's days are still in `statistics_pending`, for the next run to recompute.
    static func isPart(_ part: [String: [String]], of whole: [String: [String]]) -> [String] {
        let pendingTypes = Set((part["statistics_pending"] ?? []).compactMap(typeColumn))
        var strays: [String] = []
        for (table, rows) in part where table != "anchors" && table != "statistics_pending" {
            let allowed = Set(whole[table] ?? [])
            for row in rows where !allowed.contains(row) {
                if table == "statistics", let type = typeColumn(row), pendingTypes.contains(type) { continue }
                if table == "sleep_nights", pendingTypes.contains("HKCategoryTypeIdentifierSleepAnalysis") { continue }
                strays.append("\(table): \(row)")
            }
        }
        return strays
    }

    /// The `type` column of a dumped row.
    private static func typeColumn(_ row: String) -> String? {
        guard let start = row.range(of: "type=\""), let end = row[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(row[start.upperBound..<end])
    }

    /// The first difference between two dumps, for a readable failure.
    static func difference(_ left: [String: [String]], _ right: [String: [String]]) -> String {
        for table in Set(left.keys).union(right.keys).sorted() {
            let l = left[table] ?? []
            let r = right[table] ?? []
            guard l != r else { continue }
            let onlyLeft = Set(l).subtracting(r)
            let onlyRight = Set(r).subtracting(l)
            return
                "\(table): \(l.count) vs \(r.count) rows; only left: \(onlyLeft.prefix(2)); only right: \(onlyRight.prefix(2))"
        }
        return "none"
    }
}

/// The `sqlite3` shell, which CI installs: the store must be readable without healthimport.
enum SQLiteShell {
    static let path: String? = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `sql` on `database` read-only; returns the output lines.
    static func query(_ database: String, _ sql: String) throws -> (status: Int32, lines: [String], errors: String) {
        let result = try CLI.runProcess(path!, ["-readonly", "-batch", database, sql])
        return (result.status, result.lines, result.stderr)
    }
}

/// A `healthimport` run in the background, for tests that stop it from outside.
final class BackgroundRun {
    let process = Process()
    private let outputPath: String
    private let errorPath: String

    /// Starts `healthimport arguments`, standard output and error going to files in `folder`.
    init(_ arguments: [String], folder: String, stdin: Pipe? = nil) throws {
        let name = UUID().uuidString
        outputPath = folder + "/stdout-" + name
        errorPath = folder + "/stderr-" + name
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the end; returns the exit status (or the signal number, with `signalled`).
    func wait() -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
        process.waitUntilExit()
        let out = FileManager.default.contents(atPath: outputPath) ?? Data()
        let err = FileManager.default.contents(atPath: errorPath) ?? Data()
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
        )
    }
}

/// Seconds on a monotonic clock.
func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The generated export most store tests share, and a clean `import --all` of it: the
/// reference every interrupted or failed run must end up equal to once re-run.
struct ReferenceImport: Sendable {
    /// Holds the export and the clean store.
    let folder: String
    let export: String
    let database: String
    let dump: [String: [String]]
    /// How long the clean import took, seconds (debug build, current load).
    let seconds: Double

    static let generated = GeneratedExport(records: 24_000, days: 60)

    /// Made once per test process.
    static let shared: Result<ReferenceImport, any Error> = Result { try make() }

    static func get() throws -> ReferenceImport { try shared.get() }

    private static func make() throws -> ReferenceImport {
        // One folder per test process, named by its ID; those of finished processes are removed.
        let temporary = NSTemporaryDirectory()
        let prefix = "healthimport-e2e-reference-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix)
        {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: temporary + name)
            }
        }
        let folder = temporary + prefix + String(getpid())
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let export = try generated.write(to: folder)
        let database = folder + "/reference.sqlite"
        let started = monotonicSeconds()
        let result = try CLI.run(["import", export, "--all", "--quiet", "--db", database])
        let seconds = monotonicSeconds() - started
        guard result.status == 0 else {
            throw ReferenceFailure(message: "the clean reference import failed: \(result.stderr)")
        }
        return ReferenceImport(
            folder: folder, export: export, database: database, dump: try StoreInspection.dump(database),
            seconds: seconds)
    }

    struct ReferenceFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// Parses one JSON object.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
}
