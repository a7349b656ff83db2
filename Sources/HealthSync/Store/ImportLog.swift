#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import HealthExport

/// One row of the `imports` table: a run, from start to outcome.
public struct ImportRecord: Sendable, Equatable, Codable {
    /// The row's ID.
    public var id: Int64
    /// The input as named.
    public var input: String
    /// The input's ``ExportSignature``.
    public var signature: String?
    /// The export's `ExportDate`, ISO 8601.
    public var exportDate: String?
    /// The export's format version.
    public var exportVersion: Int?
    /// The window asked for, as text.
    public var window: String
    /// When the run started, ISO 8601 UTC.
    public var started: String
    /// When it ended.
    public var finished: String?
    /// `running`, `completed`, `interrupted` or `failed`.
    public var outcome: String
    /// Records added.
    public var newCount: Int?
    /// What went wrong, for failed runs.
    public var message: String?

    static let columns =
        "id, input, signature, export_date, export_version, window, started, finished, outcome, new_count, message"

    init(row: Row) {
        id = row[0]
        input = row[1]
        signature = row[2]
        exportDate = row[3]
        exportVersion = row[4]
        window = row[5]
        started = row[6]
        finished = row[7]
        outcome = row[8]
        newCount = row[9]
        message = row[10]
    }
}

/// The `imports` table: opening a run (with the one-writer check), closing it, and looking runs up.
enum ImportLog {
    /// Opens a run: refuses when another live process has one running, marks runs left
    /// `running` by dead processes as `interrupted`, and inserts this run's row.
    static func begin(_ db: Database, input: String, signature: String?, window: String) throws -> Int64 {
        let running = try Row.fetchAll(db, sql: "SELECT id, pid FROM imports WHERE outcome = 'running'")
        for row in running {
            let id: Int64 = row[0]
            let pid: Int32? = row[1]
            if let pid, pid != getpid(), kill(pid, 0) == 0 || errno == EPERM {
                throw StoreError(
                    .locked, "another import (pid \(pid), import #\(id)) is writing to this store; wait for it to finish")
            }
            try db.execute(
                sql: "UPDATE imports SET outcome = 'interrupted', message = 'the process stopped before the end' WHERE id = ?",
                arguments: [id])
        }
        try db.execute(
            sql: "INSERT INTO imports (input, signature, window, started, outcome, pid) VALUES (?, ?, ?, ?, 'running', ?)",
            arguments: [input, signature, window, ExportTimestamp.now.iso8601, getpid()])
        return db.lastInsertedRowID
    }

    /// Records the export's facts on the run's row.
    static func note(_ db: Database, id: Int64, facts: ExportFacts?, windowStart: ExportTimestamp?) throws {
        try db.execute(
            sql: """
                UPDATE imports SET export_date = ?, export_unix = ?, export_version = ?, export_locale = ?, \
                window_start_unix = ? WHERE id = ?
                """,
            arguments: [
                facts?.exportDate?.iso8601, facts?.exportDate?.secondsSince1970, facts?.version, facts?.locale,
                windowStart?.secondsSince1970, id,
            ])
    }

    /// Closes the run's row with its outcome and counts.
    static func finish(_ db: Database, id: Int64, outcome: String, counts: [String: TypeCounts], message: String?) throws {
        let total = counts.values.reduce(TypeCounts()) { $0 + $1 }
        var json = JSONBuffer()
        json.beginObject()
        for (type, count) in counts.sorted(by: { $0.key < $1.key }) {
            json.key(type)
            json.beginObject()
            json.field("new", count.new)
            json.field("alreadyImported", count.alreadyImported)
            json.field("outsideWindow", count.outsideWindow)
            json.field("invalid", count.invalid)
            json.endObject()
        }
        json.endObject()
        try db.execute(
            sql: """
                UPDATE imports SET finished = ?, outcome = ?, read_count = ?, new_count = ?, already_imported_count = ?, \
                outside_window_count = ?, invalid_count = ?, counts = ?, message = ?, pid = NULL WHERE id = ?
                """,
            arguments: [
                ExportTimestamp.now.iso8601, outcome, total.read, total.new, total.alreadyImported, total.outsideWindow,
                total.invalid, String(decoding: json.bytes, as: UTF8.self), message, id,
            ])
    }

    /// The newest completed run of an input with `signature`.
    static func completed(_ db: Database, signature: String) throws -> ImportRecord? {
        try Row.fetchOne(
            db,
            sql: "SELECT \(ImportRecord.columns) FROM imports WHERE signature = ? AND outcome = 'completed' ORDER BY id DESC LIMIT 1",
            arguments: [signature]
        ).map(ImportRecord.init)
    }
}
