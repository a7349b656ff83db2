#if PostgreSQL
/// `v13-heartbeat-series`: a sample's heartbeats in one row, `heartbeat_series(person,
/// sample_uuid, beats)`, as the SQLite store keeps them since its schema 4; `heartbeats` becomes
/// a view spreading them out with the columns and order of the table it was.
///
/// A heart rate variability sample holds about 80 beats: as a row each they were the most rows
/// of any child table, each placed at random in the key's index by its sample's UUID.
extension PostgresSchema {
    static let heartbeatSeries = PostgresTable(
        "heartbeat_series", ["sample_uuid t!", "beats t!"], key: ["sample_uuid"], copiedStraight: true)

    static let heartbeatSeriesMigration = [
        heartbeatSeries.createSQL,
        """
        INSERT INTO heartbeat_series (person, sample_uuid, beats)
            SELECT person, sample_uuid, json_agg(json_build_array(bpm, time_unix_ms, written_time) ORDER BY position)::text
            FROM heartbeats GROUP BY person, sample_uuid
        """,
        "DROP TABLE heartbeats",
        """
        CREATE VIEW heartbeats AS
            SELECT s.person, s.sample_uuid, b.number - 1 AS position, (b.beat ->> 0)::double precision AS bpm,
                (b.beat ->> 1)::bigint AS time_unix_ms, b.beat ->> 2 AS written_time
            FROM heartbeat_series s
            CROSS JOIN LATERAL json_array_elements(s.beats::json) WITH ORDINALITY AS b(beat, number)
        """,
    ]
}
#endif
