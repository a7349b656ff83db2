import GRDB
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ImportRecord {
    static let columns =
        "id, input, signature, export_date, export_version, window, started, finished, outcome, new_count, message"

    init(row: Row) {
        self.init(
            id: row[0], input: row[1], signature: row[2], exportDate: row[3], exportVersion: row[4], window: row[5],
            started: row[6], finished: row[7], outcome: ImportOutcome(rawValue: row[8]) ?? .failed, newCount: row[9],
            message: row[10])
    }
}

/// The `imports` table: opening a run (with the one-writer check), closing it, and looking runs up.
enum ImportLog {
    /// Opens a run: refuses when another live process has one running, marks runs left
    /// `running` by dead processes as `interrupted`, and inserts this run's row.
    /// Whether the process `pid` of a `running` row still lives (on this machine); a row of a
    /// store written before runs kept their process is taken to be alive.
    static func isAlive(pid: Int32?) -> Bool {
        guard let pid else { return true }
        return pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// Marks, in `imports`, the runs left `running` by a process that is gone as they will be
    /// marked by the next import: `interrupted` (a kill, a crash, a full disk that also failed
    /// the write of the run's end).
    static func settleDead(_ db: Database, _ imports: [ImportRecord]) throws -> [ImportRecord] {
        guard imports.contains(where: { $0.outcome == .running }) else { return imports }
        var dead = Set<Int64>()
        for row in try Row.fetchAll(db, sql: "SELECT id, pid FROM imports WHERE outcome = 'running'") {
            let pid: Int32? = row[1]
            if !isAlive(pid: pid) { dead.insert(row[0]) }
        }
        return imports.map { record in
            guard record.outcome == .running, dead.contains(record.id) else { return record }
            var settled = record
            settled.outcome = .interrupted
            settled.message = "the process stopped before the end"
            return settled
        }
    }

    static func begin(_ db: Database, input: String, signature: String?, window: String) throws -> Int64 {
        let running = try Row.fetchAll(
            db, sql: "SELECT id, pid FROM imports WHERE outcome = '\(ImportOutcome.running.rawValue)'")
        for row in running {
            let id: Int64 = row[0]
            let pid: Int32? = row[1]
            if let pid, pid != getpid(), isAlive(pid: pid) {
                throw StoreError(
                    .locked,
                    "another import (pid \(pid), import #\(id)) is writing to this store; wait for it to finish")
            }
            try db.execute(
                sql:
                    "UPDATE imports SET outcome = '\(ImportOutcome.interrupted.rawValue)', message = 'the process stopped before the end' WHERE id = ?",
                arguments: [id])
        }
        try db.execute(
            sql: "INSERT INTO imports (input, signature, window, started, outcome, pid) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                input, signature, window, ExportTimestamp.now.iso8601, ImportOutcome.running.rawValue, getpid(),
            ])
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

    /// Applies a run's closing: its anchors (those of implausible deletions go), the export's
    /// facts and the outcome with its counts, with what the store found applied (``ImportLogEnd``).
    static func close(_ db: Database, id: Int64, _ closing: ImportClosing, outcome: StoreOutcome) throws {
        let end = ImportLogEnd(closing, outcome: outcome)
        for anchor in end.anchors { try anchor.save(db, importID: id) }
        for type in end.anchorsDropped {
            try db.execute(sql: "DELETE FROM anchors WHERE type = ?", arguments: [type])
        }
        try note(db, id: id, facts: closing.facts, windowStart: closing.windowStart)
        try finish(db, id: id, end)
    }

    /// Closes the run's row with its outcome and counts.
    static func finish(_ db: Database, id: Int64, _ end: ImportLogEnd) throws {
        let total = end.total
        try db.execute(
            sql: """
                UPDATE imports SET finished = ?, outcome = ?, read_count = ?, new_count = ?, already_imported_count = ?, \
                outside_window_count = ?, invalid_count = ?, updated_count = ?, deleted_count = ?, repeated_count = ?, \
                counts = ?, message = ?, pid = NULL WHERE id = ?
                """,
            arguments: [
                end.finished, end.outcome.rawValue, total.read, total.new, total.alreadyImported, total.outsideWindow,
                total.invalid, total.updated, total.deleted, total.repeated, end.countsJSON, end.message, id,
            ])
    }

    /// The newest completed run of an input with `signature`.
    static func completed(_ db: Database, signature: String) throws -> ImportRecord? {
        try Row.fetchOne(
            db,
            sql:
                "SELECT \(ImportRecord.columns) FROM imports WHERE signature = ? AND outcome = '\(ImportOutcome.completed.rawValue)' ORDER BY id DESC LIMIT 1",
            arguments: [signature]
        ).map(ImportRecord.init)
    }
}
