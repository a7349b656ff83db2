#if PostgreSQL
/// Sync versions, as the SQLite store's `sync_versions`: per person, source and sync identifier of
/// a type, the current version and the record holding it. A higher version replaces that record
/// (`replaced_by`); a lower one arriving later is left out.
extension PostgresSchema {
    /// The tables of records that carry metadata, with their type column.
    static let syncedTables = [
        ("quantity_samples", "type"), ("weight_samples", "type"), ("category_samples", "type"),
        ("correlations", "type"), ("workouts", "activity_type"),
    ]

    static let syncVersions =
        [
            """
            CREATE TABLE sync_versions (
                person TEXT NOT NULL,
                type TEXT NOT NULL,
                source_name TEXT NOT NULL,
                sync_identifier TEXT NOT NULL,
                version DOUBLE PRECISION NOT NULL,
                record_uuid TEXT NOT NULL,
                start_unix BIGINT NOT NULL,
                PRIMARY KEY (person, type, source_name, sync_identifier)
            )
            """
        ]
        // Records stored before: the current row of each identifier is its highest version's.
        + syncedTables.map { table, type in
            """
            INSERT INTO sync_versions (person, type, source_name, sync_identifier, version, record_uuid, start_unix)
            SELECT DISTINCT ON (r.person, r.\(type), coalesce(r.source_name, ''), m.value)
                r.person, r.\(type), coalesce(r.source_name, ''), m.value,
                coalesce((SELECT CASE WHEN v.value ~ '^[+-]?[0-9]+(\\.[0-9]+)?$' THEN v.value::double precision END
                    FROM metadata v WHERE v.person = r.person AND v.record_uuid = r.uuid
                    AND v.key = 'HKMetadataKeySyncVersion' LIMIT 1), 0) AS version,
                r.uuid, r.start_unix
            FROM metadata m JOIN \(table) r ON r.person = m.person AND r.uuid = m.record_uuid
            WHERE m.key = 'HKMetadataKeySyncIdentifier' AND r.replaced_by IS NULL
            ORDER BY r.person, r.\(type), coalesce(r.source_name, ''), m.value, version DESC, r.start_unix DESC
            ON CONFLICT DO NOTHING
            """
        }
}
#endif
