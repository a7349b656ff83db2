import GRDB

/// Schema 4 keeps a sample's heartbeats in one row: `heartbeat_series(sample_uuid, beats)`,
/// `beats` a JSON array of `[bpm, time_unix_ms, written_time]`, and `heartbeats` is a view
/// spreading them out with the columns and order of the table it was.
///
/// A heart rate variability sample holds about 80 beats. As a row each, they were a third of
/// all rows a Watch's export writes, each placed by its sample's random UUID, and a large part of
/// the store; the view is read only.
extension StoreSchema {
    static func registerHeartbeatSeries(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-heartbeat-series") { db in
            try db.execute(
                sql: """
                    CREATE TABLE heartbeat_series (
                        sample_uuid TEXT PRIMARY KEY NOT NULL,
                        beats TEXT NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO heartbeat_series (sample_uuid, beats)
                        SELECT sample_uuid, json_group_array(json_array(bpm, time_unix_ms, written_time))
                        FROM (SELECT * FROM heartbeats ORDER BY sample_uuid, position)
                        GROUP BY sample_uuid;
                    DROP TABLE heartbeats;
                    \(heartbeatsView)
                    PRAGMA user_version = 4;
                    """)
        }
    }

    static let heartbeatsView = """
        CREATE VIEW heartbeats AS
            SELECT s.sample_uuid, CAST(b.key AS INTEGER) AS position,
                CAST(json_extract(b.value, '$[0]') AS REAL) AS bpm,
                json_extract(b.value, '$[1]') AS time_unix_ms,
                json_extract(b.value, '$[2]') AS written_time
            FROM heartbeat_series s, json_each(s.beats) b;
        """
}
