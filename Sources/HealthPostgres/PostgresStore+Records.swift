#if PostgreSQL
import HealthCore
import HealthExport
import PostgresNIO

extension PostgresStore {
    /// The tables `records` streams, with the `records` schema's keys built by PostgreSQL.
    static let recordQueries: [(kind: RecordKind, table: String, type: String, json: String)] = [
        (.quantity, "quantity_samples", "type", "'value', value, 'unit', unit, 'valueText', value_text"),
        (.weight, "weight_samples", "type", "'kilograms', kilograms, 'value', value, 'unit', unit"),
        (.category, "category_samples", "type", "'value', value, 'rawValue', raw_value"),
        (
            .correlation, "correlations", "type",
            "'members', (SELECT json_agg(json_build_object('uuid', c.member_uuid, 'kind', c.member_kind)) FROM correlation_members c WHERE c.person = r.person AND c.correlation_uuid = r.uuid)"
        ),
        (
            .workout, "workouts", "activity_type",
            "'duration', CASE WHEN duration IS NULL THEN NULL ELSE json_build_object('value', duration, 'unit', duration_unit) END, 'totalDistance', CASE WHEN total_distance IS NULL THEN NULL ELSE json_build_object('value', total_distance, 'unit', total_distance_unit) END, 'totalEnergyBurned', CASE WHEN total_energy_burned IS NULL THEN NULL ELSE json_build_object('value', total_energy_burned, 'unit', total_energy_burned_unit) END"
        ),
    ]

    /// This person's samples and workouts starting at `since` or later, as JSON lines in the
    /// `records` schema (kind, type, uuid, start, end, source, created, metadata, the kind's
    /// values), oldest first per kind; `body` gets each line and may throw to stop.
    public func streamRecords(
        selection: TypeSelection, since: Int64?, _ body: (String) async throws -> Void
    ) async throws {
        // From the first record on, the person's metadata is grouped once and joined by hash: looked
        // up record by record it took most of the query's time. From a later start, where few
        // records follow, each record's entries are looked up by the key.
        let grouped = since == nil
        let (metadata, join) =
            grouped
            ? (
                "md.entries",
                "LEFT JOIN (SELECT record_uuid, json_object_agg(key, value ORDER BY position) AS entries "
                    + "FROM metadata WHERE person = $1 GROUP BY record_uuid) md ON md.record_uuid = r.uuid "
            )
            : (
                "(SELECT json_object_agg(m.key, m.value ORDER BY m.position) FROM metadata m "
                    + "WHERE m.person = r.person AND m.record_uuid = r.uuid)", ""
            )
        guard grouped else {
            return try await streamRecords(selection: selection, since: since, metadata: metadata, join: join, body)
        }
        // Where the planner believes the person has a handful of rows (a table not analysed
        // since their import, or a person new to a large table), it joins the grouped metadata
        // by nested loop, grouping every entry again for each record: hours for what takes
        // seconds. Within this transaction it may not.
        try await inTransaction {
            try await query("SET LOCAL enable_nestloop = off")
            try await streamRecords(selection: selection, since: since, metadata: metadata, join: join, body)
        }
    }

    private func streamRecords(
        selection: TypeSelection, since: Int64?, metadata: String, join: String,
        _ body: (String) async throws -> Void
    ) async throws {
        for item in Self.recordQueries {
            let sql = """
                SELECT \(item.type), json_strip_nulls(json_build_object('kind', '\(item.kind.rawValue)', 'type', \(item.type), \
                'uuid', uuid, 'start', start_date, 'end', end_date, 'sourceName', source_name, \
                'sourceVersion', source_version, 'device', device::json, 'created', creation_date, \
                'metadata', \(metadata), \(item.json)))::text \
                FROM \(item.table) r \(join)WHERE r.person = $1 AND start_unix >= $2 AND \(PostgresSchema.current) \
                ORDER BY start_unix, uuid
                """
            var watch: RowStreamWatch?
            defer { watch?.stop() }
            do {
                var binds = PostgresBindings(capacity: 2)
                binds.append(person)
                binds.append(since ?? Int64.min)
                let (connection, query) = (connection!, PostgresQuery(unsafeSQL: sql, binds: binds))
                let rows = try await ConnectionWatch.run(connection, url: url) {
                    try await connection.query(query, logger: Self.logger)
                }
                watch = RowStreamWatch(connection: connection, url: url)
                for try await (type, line) in rows.decode((String, String).self) {
                    watch?.noteRow()
                    if selection.selects(kind: item.kind, type: type) { try await body(line) }
                }
                // Rows that ended for a cancel must not pass for all of them.
                try Task.checkCancellation()
            } catch  where watch?.silenced == true {
                throw StoreError.stoppedAnswering(url)
            } catch let error as PSQLError {
                throw StoreError.postgres(error, url: url)
            } catch  where connection?.isClosed == true && !(error is StoreError) {
                throw StoreError.wentAway(url)
            }
        }
    }
}
#endif
