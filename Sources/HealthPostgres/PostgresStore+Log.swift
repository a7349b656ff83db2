#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows
import PostgresNIO

/// The import log, the anchors and the status of one person.
extension PostgresStore {
    static let importColumns =
        "id, input, signature, export_date, export_version, \"window\", started, finished, outcome, new_count, message"

    static func importRecord(_ row: PostgresRow) throws -> ImportRecord {
        let (id, input, signature, exportDate, version, window, started, finished, outcome, newCount, message) =
            try row.decode(
                (Int64, String, String?, String?, Int64?, String, String, String?, String, Int64?, String?).self)
        return ImportRecord(
            id: id, input: input, signature: signature, exportDate: exportDate, exportVersion: version.map(Int.init),
            window: window, started: started, finished: finished, outcome: ImportOutcome(rawValue: outcome) ?? .failed,
            newCount: newCount.map(Int.init), message: message)
    }

    /// The advisory lock key of `person`'s imports.
    static func importLockKey(_ person: String) -> String { "healthimport import \(person)" }

    /// Takes `person`'s import lock on this store's connection; `false` when another session holds it.
    public func tryImportLock() async throws -> Bool {
        try await query(
            "SELECT pg_try_advisory_lock(hashtextextended(\(Self.importLockKey(person)), 0))"
        ).first?.decode(Bool.self) ?? false
    }

    /// Gives `person`'s import lock back.
    public func releaseImportLock() async throws {
        try await query("SELECT pg_advisory_unlock(hashtextextended(\(Self.importLockKey(person)), 0))")
    }

    /// Runs `body` holding `person`'s import lock and gives it back when `body` ends, whether it
    /// threw or not; `nil`, without running `body`, while another session holds the lock.
    ///
    /// Closing the connection gives the lock back too, but its server process may do so only
    /// after the caller has moved on (a server's reply sent): the person's next request would
    /// find the lock taken. A release that fails leaves it to that close.
    ///
    /// `waiting` tries again for up to that long first: a request that follows another of the
    /// same person's at once (a phone's samples, then its deletions) finds the lock the first
    /// one is giving back.
    public func withImportLock<Value>(waiting: Duration = .zero, _ body: () async throws -> Value) async throws
        -> Value?
    {
        let clock = ContinuousClock()
        let deadline = clock.now + waiting
        while !(try await tryImportLock()) {
            guard clock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(50))
        }
        do {
            let value = try await body()
            _ = try? await releaseImportLock()
            return value
        } catch {
            _ = try? await releaseImportLock()
            throw error
        }
    }

    /// Whether an import of `name` runs, in any process on this database (a look at `pg_locks`
    /// that takes no lock).
    public func importRunning(of name: String) async throws -> Bool {
        try await query(
            """
            SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1 \
            AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(\(Self.importLockKey(name)), 0))
            """
        ).first?.decode(Bool.self) ?? false
    }

    public func completedImport(signature: String) async throws -> ImportRecord? {
        try await query(
            """
            SELECT \(unescaped: Self.importColumns) FROM imports \
            WHERE person = \(person) AND signature = \(signature) AND outcome = 'completed' ORDER BY id DESC LIMIT 1
            """
        ).first.map(Self.importRecord)
    }

    /// Opens a run (see `ImportDestination/beginImport(input:signature:window:)`), holding the
    /// person's import lock until the run's writer ends.
    public func beginImport(input: String, signature: String?, window: String) async throws -> (
        id: Int64, anchors: [String: Anchor]
    ) {
        guard try await tryImportLock() else {
            throw StoreError(.locked, "another import for \(person) is writing to \(url); wait for it to finish")
        }
        do {
            try await query("BEGIN")
            // Holding the lock, no run of this person is alive: a `running` row is one whose process died.
            try await query(
                """
                UPDATE imports SET outcome = 'interrupted', message = 'the process stopped before the end' \
                WHERE person = \(person) AND outcome = 'running'
                """)
            let id = try await query(
                """
                INSERT INTO imports (person, input, signature, "window", started, outcome, pid) \
                VALUES (\(person), \(input), \(signature), \(window), \(ExportTimestamp.now.iso8601), 'running', \
                \(Int64(getpid()))) RETURNING id
                """
            ).first!.decode(Int64.self)
            let anchors = try await anchors()
            try await query("COMMIT")
            return (id, anchors)
        } catch {
            _ = try? await query("ROLLBACK")
            try? await releaseImportLock()
            throw error
        }
    }

    public func markFailed(importID: Int64, message: String) async throws {
        try await Self.finish(
            self, on: connection, id: importID, ImportLogEnd(outcome: .failed, counts: [:], message: message))
    }

    /// Closes run `id` with its outcome and counts, on `connection`.
    static func finish(
        _ store: PostgresStore, on connection: PostgresConnection, id: Int64, _ end: ImportLogEnd
    ) async throws {
        let total = end.total
        try await store.query(
            """
            UPDATE imports SET finished = \(end.finished), outcome = \(end.outcome.rawValue), \
            read_count = \(total.read), new_count = \(total.new), already_imported_count = \(total.alreadyImported), \
            outside_window_count = \(total.outsideWindow), invalid_count = \(total.invalid), \
            counts = \(end.countsJSON), message = \(end.message), pid = NULL, updated_count = \(total.updated), \
            deleted_count = \(total.deleted), repeated_count = \(total.repeated) \
            WHERE person = \(store.person) AND id = \(id)
            """, on: connection)
    }

    /// Applies a run's closing (anchors, facts, outcome and counts) on `connection`, inside its
    /// transaction, as ``ImportLogEnd`` has it.
    static func close(
        _ store: PostgresStore, on connection: PostgresConnection, id: Int64, _ closing: ImportClosing,
        outcome: StoreOutcome
    ) async throws {
        let end = ImportLogEnd(closing, outcome: outcome)
        for anchor in end.anchors { try await store.save(anchor, importID: id, on: connection) }
        for type in end.anchorsDropped {
            try await store.query(
                "DELETE FROM anchors WHERE person = \(store.person) AND type = \(type)", on: connection)
        }
        try await store.query(
            """
            UPDATE imports SET export_date = \(closing.facts?.exportDate?.iso8601), \
            export_unix = \(closing.facts?.exportDate?.secondsSince1970), export_version = \(closing.facts?.version), \
            export_locale = \(closing.facts?.locale), window_start_unix = \(closing.windowStart?.secondsSince1970) \
            WHERE person = \(store.person) AND id = \(id)
            """, on: connection)
        try await finish(store, on: connection, id: id, end)
    }

    // MARK: Anchors

    public func anchors() async throws -> [String: Anchor] {
        var anchors: [String: Anchor] = [:]
        let rows = try await query(
            "SELECT type, newest_creation_unix, boundary_uuids, covered_start_unix, updated FROM anchors WHERE person = \(person)"
        )
        for row in rows {
            let (type, newest, boundary, covered, updated) = try row.decode(
                (String, Int64, String, Int64?, String?).self)
            let ids = boundary.split(separator: ",").compactMap { RecordID(String($0)) }
            anchors[type] = Anchor(
                type: type, newestCreation: newest, boundary: Set(ids), coveredStart: covered, updated: updated)
        }
        return anchors
    }

    func save(_ anchor: Anchor, importID: Int64?, on connection: PostgresConnection) async throws {
        let offsetZero = { (seconds: Int64?) in
            seconds.map { ExportTimestamp(secondsSince1970: $0, offsetMinutes: 0).iso8601 }
        }
        let newestDate = anchor.newestCreation == Int64.min ? nil : offsetZero(anchor.newestCreation)
        try await query(
            """
            INSERT INTO anchors (person, type, newest_creation_unix, newest_creation_date, boundary_uuids, \
            covered_start_unix, covered_start_date, import_id, updated) \
            VALUES (\(person), \(anchor.type), \(anchor.newestCreation), \(newestDate), \
            \(anchor.boundaryText.joined(separator: ",")), \(anchor.coveredStart), \(offsetZero(anchor.coveredStart)), \
            \(importID), \(anchor.updated)) \
            ON CONFLICT (person, type) DO UPDATE SET newest_creation_unix = EXCLUDED.newest_creation_unix, \
            newest_creation_date = EXCLUDED.newest_creation_date, boundary_uuids = EXCLUDED.boundary_uuids, \
            covered_start_unix = EXCLUDED.covered_start_unix, covered_start_date = EXCLUDED.covered_start_date, \
            import_id = EXCLUDED.import_id, updated = EXCLUDED.updated
            """, on: connection)
    }

    /// Deletes this person's anchors of `types` (all of them for `nil`); returns how many went. The rows stay.
    public func resetAnchors(types: [String]?) async throws -> Int {
        if let types {
            return try await query(
                "DELETE FROM anchors WHERE person = \(person) AND type = ANY(string_to_array(\(types.joined(separator: "\u{1}")), chr(1))) RETURNING type"
            ).count
        }
        return try await query("DELETE FROM anchors WHERE person = \(person) RETURNING type").count
    }

    // MARK: Status

    /// Tables with a type column and a start, for ``status()``.
    static let typedTables = RecordTables.withExports

    /// Per-type rows, dates and anchors, and the last ten imports, of this person.
    public func status() async throws -> StoreStatus {
        let anchors = try await anchors()
        var types: [String: TypeStatus] = [:]
        for (table, type, start) in Self.typedTables {
            // Current rows are counted and dated; marked ones (deleted or replaced) only counted.
            let current = PostgresSchema.correctableTables.contains(table) ? PostgresSchema.current : "true"
            let rows = try await query(
                """
                SELECT \(unescaped: type)::text, count(*) FILTER (WHERE \(unescaped: current)), \
                count(*) FILTER (WHERE NOT (\(unescaped: current))), \
                min(\(unescaped: start)) FILTER (WHERE \(unescaped: current)), \
                max(\(unescaped: start)) FILTER (WHERE \(unescaped: current)) \
                FROM \(unescaped: table) WHERE person = \(person) GROUP BY 1
                """)
            for row in rows {
                let (name, count, marked, first, last) = try row.decode((String, Int64, Int64, Int64?, Int64?).self)
                var status = TypeStatus(
                    type: name, rows: Int(count), firstStart: Self.iso(first), lastStart: Self.iso(last))
                status.marked = Int(marked)
                types[name, default: TypeStatus(type: name, rows: 0)].merge(status)
            }
        }
        var finished: [String: String?] = [:]
        for row in try await query(
            "SELECT a.type, i.finished FROM anchors a JOIN imports i ON i.id = a.import_id WHERE a.person = \(person)")
        {
            let (type, when) = try row.decode((String, String?).self)
            finished[type] = when
        }
        for (type, anchor) in anchors {
            types[type, default: TypeStatus(type: type, rows: 0)].anchor = anchor
            types[type]?.lastImport = finished[type] ?? nil
        }
        var imports = try await query(
            "SELECT \(unescaped: Self.importColumns) FROM imports WHERE person = \(person) ORDER BY id DESC LIMIT 10"
        ).map(Self.importRecord)
        // A running import holds the person's lock: a `running` run without it lost its process
        // or its connection (the database restarted), and shows as interrupted at once.
        if imports.contains(where: { $0.outcome == .running }), try await !importRunning(of: person) {
            for index in imports.indices where imports[index].outcome == .running {
                imports[index].outcome = .interrupted
                imports[index].message = "the process stopped before the end"
            }
        }
        return StoreStatus(types: types.values.sorted { $0.type < $1.type }, imports: imports)
    }

    static func iso(_ seconds: Int64?) -> String? {
        seconds.map { ExportTimestamp(secondsSince1970: $0, offsetMinutes: 0).iso8601 }
    }
}
#endif
