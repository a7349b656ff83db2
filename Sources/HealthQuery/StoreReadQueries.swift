import HealthExport

/// The queries of ``StoreReading`` that both stores run as they are: one description, their
/// differences in the ``StoreSQLDialect``.
package struct StoreReadQueries: Sendable {
    let dialect: StoreSQLDialect

    /// The queries in `dialect`.
    package init(_ dialect: StoreSQLDialect) {
        self.dialect = dialect
    }

    private func p(_ number: Int) -> String { dialect.parameter(number) }

    private func current(_ alias: String) -> String {
        "\(alias).deleted_by IS NULL AND \(alias).replaced_by IS NULL"
    }

    /// Whether `table` holds a current row of `type`: one row of one boolean.
    package func holds(_ table: RecordTable, type: String) -> StoreQuery {
        (
            """
            SELECT EXISTS (SELECT 1 FROM \(table.name) t
                WHERE \(dialect.mineAnd("t"))t.\(table.typeColumn) = \(p(1)) AND \(current("t")))
            """, [.text(type)]
        )
    }

    /// A page of `type`'s rows of `table` in `from...to` (local days), after `cursor`: uuid,
    /// type, source, start and end dates, the value as a number and as text, the unit, start
    /// seconds; `limit + 1` rows at most, so that the caller can tell whether more follow.
    package func page(
        of table: RecordTable, type: String, from: String, to: String, limit: Int, after cursor: PageCursor?
    ) -> StoreQuery? {
        guard let low = DayText.unixMidnight(from), let high = DayText.unixMidnight(to) else { return nil }
        // The local day lies within 14 hours of the UTC one: the key range first, then the day.
        var sql = """
            SELECT t.uuid, t.\(table.typeColumn), t.source_name, t.start_date, t.end_date,
                \(table.number), \(table.text), \(table.unit), t.start_unix
            FROM \(table.name) t
            WHERE \(dialect.mineAnd("t"))t.\(table.typeColumn) = \(p(1)) AND t.start_unix >= \(p(2))
                AND t.start_unix < \(p(3)) AND substr(t.start_date, 1, 10) BETWEEN \(p(4)) AND \(p(5))
                AND \(current("t"))
            """
        var values: [StoreValue] = [.text(type), .integer(low - 50_400), .integer(high + 86_400 + 50_400)]
        values += [.text(from), .text(to)]
        if let cursor {
            sql += """
                 AND (t.start_unix > \(p(6)) OR (t.start_unix = \(p(7)) AND \(dialect.bytewise("t.uuid")) > \(p(8))))
                """
            values += [.integer(cursor.start), .integer(cursor.start), .text(cursor.uuid)]
        }
        sql += " ORDER BY t.start_unix, \(dialect.bytewise("t.uuid")) LIMIT \(limit + 1)"
        return (sql, values)
    }

    /// Workouts per local day and activity (without its prefix) from the local day `from` on:
    /// day, activity, count.
    package func workoutDays(from: String?) -> StoreQuery {
        let day = "substr(w.start_date, 1, 10)"
        let activity = "replace(w.activity_type, 'HKWorkoutActivityType', '')"
        var sql = "SELECT \(day), \(activity), count(*) FROM workouts w WHERE \(dialect.mineAnd("w"))\(current("w"))"
        var values: [StoreValue] = []
        if let from, let low = DayText.unixMidnight(from) {
            sql += " AND w.start_unix >= \(p(1)) AND \(day) >= \(p(2))"
            values = [.integer(low - 50_400), .text(from)]
        }
        sql += " GROUP BY \(day), \(activity) ORDER BY \(dialect.bytewise(day)), \(dialect.bytewise(activity))"
        return (sql, values)
    }

    /// The latest `days` days of rings from the local day `from` on, newest first: day, then
    /// value and goal of move, exercise and stand.
    package func rings(from: String?, days: Int) -> StoreQuery {
        var sql = """
            SELECT a.day, coalesce(a.active_energy_burned, 0), coalesce(a.active_energy_burned_goal, 0),
                coalesce(a.exercise_time, 0), coalesce(a.exercise_time_goal, 30),
                coalesce(a.stand_hours, 0), coalesce(a.stand_hours_goal, 12), a.active_energy_burned_unit
            FROM activity_summaries a WHERE \(dialect.mineAnd("a"))\(current("a"))
            """
        var values: [StoreValue] = []
        if let from {
            sql += " AND a.day >= \(p(1))"
            values = [.text(from)]
        }
        sql += " ORDER BY \(dialect.bytewise("a.day")) DESC LIMIT \(days)"
        return (sql, values)
    }

    /// Rows per type and source of `table` (of `type` only, when given): type, source, rows.
    package func sourceCounts(_ table: RecordTable, type: String?) -> StoreQuery {
        var sql = """
            SELECT t.\(table.typeColumn), coalesce(t.source_name, ''), count(*) FROM \(table.name) t
            WHERE \(dialect.mineAnd("t"))\(current("t"))
            """
        var values: [StoreValue] = []
        if let type {
            sql += " AND t.\(table.typeColumn) = \(p(1))"
            values = [.text(type)]
        }
        sql += " GROUP BY t.\(table.typeColumn), coalesce(t.source_name, '')"
        return (sql, values)
    }

    /// A page of `type`'s records in `from...to` (local days), `limit` at a time, after
    /// `cursor`: the table that holds the type found first, then its page; `run` runs a query.
    package func records(
        type: String, from: String, to: String, limit: Int, cursor: String?,
        run: (StoreQuery) async throws -> [[StoreValue]]
    ) async throws -> RecordPage {
        guard DayText.unixMidnight(from) != nil, DayText.unixMidnight(to) != nil else {
            throw QueryError("dates must be written yyyy-MM-dd")
        }
        guard (1...maximumPageSize).contains(limit) else {
            throw QueryError("limit must be between 1 and \(maximumPageSize)")
        }
        let after = try cursor.map(PageCursor.init(text:))
        for table in RecordTable.withSources where try await run(holds(table, type: type)).first?.first?.integer == 1 {
            guard let query = page(of: table, type: type, from: from, to: to, limit: limit, after: after) else { break }
            return Self.page(try await run(query), limit: limit)
        }
        return RecordPage(records: [], nextCursor: nil)
    }

    /// The sources of `type` (of every type when `nil`), from ``sourceCounts(_:type:)`` of each
    /// table; `run` runs a query.
    package func sources(
        type: String?, run: (StoreQuery) async throws -> [[StoreValue]]
    ) async throws -> [SourceSummary] {
        var pairs: [(type: String, source: String, rows: Int)] = []
        for table in RecordTable.withSources {
            for row in try await run(sourceCounts(table, type: type)) {
                guard let type = row[0].text, let source = row[1].text, let rows = row[2].integer else { continue }
                pairs.append((type, source, Int(rows)))
            }
        }
        return SourceSummary.summaries(pairs)
    }

    /// The page of the rows of ``page(of:type:from:to:limit:after:)``.
    package static func page(_ rows: [[StoreValue]], limit: Int) -> RecordPage {
        var records: [StoredRecord] = []
        var last: PageCursor?
        for row in rows {
            if records.count == limit { return RecordPage(records: records, nextCursor: last?.text) }
            guard let uuid = row[0].text, let start = row[8].integer else { continue }
            records.append(
                StoredRecord(
                    uuid: uuid, type: row[1].text ?? "", source: row[2].text, start: row[3].text ?? "",
                    end: row[4].text ?? "", value: row[5].double, text: row[6].text, unit: row[7].text))
            last = PageCursor(start: start, uuid: uuid)
        }
        return RecordPage(records: records, nextCursor: nil)
    }

    /// The rings of the rows of ``rings(from:days:)``, oldest first; the move ring in kilocalories
    /// whatever unit the export wrote it in (`kJ` where the user chose kilojoules).
    package static func rings(_ rows: [[StoreValue]]) -> [RingDay] {
        rows.compactMap { row in
            guard let day = row[0].text else { return nil }
            let unit = row[7].text
            let toKilocalories =
                UnitConversion.toBase(1, unit: unit).unit == "kcal" ? UnitConversion.factor(toBase: unit) ?? 1 : 1
            return RingDay(
                day: day, move: (row[1].double ?? 0) * toKilocalories, moveGoal: (row[2].double ?? 0) * toKilocalories,
                exercise: row[3].double ?? 0,
                exerciseGoal: row[4].double ?? 0, stand: row[5].double ?? 0, standGoal: row[6].double ?? 0)
        }.reversed()
    }

    /// The workout days of the rows of ``workoutDays(from:)``.
    package static func workoutDays(_ rows: [[StoreValue]]) -> [WorkoutDay] {
        rows.compactMap { row in
            guard let day = row[0].text, let activity = row[1].text, let count = row[2].integer else { return nil }
            return WorkoutDay(day: day, activity: activity, count: Int(count))
        }
    }
}
