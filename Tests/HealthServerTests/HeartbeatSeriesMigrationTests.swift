#if PostgreSQL
import Foundation
import Testing

@testable import HealthPostgres

@Suite("The heartbeat_series migration", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct HeartbeatSeriesMigrationTests {
    /// The `heartbeats` rows, as the table held them and as the view gives them back.
    private func beats(_ store: PostgresStore) throws -> [String] {
        try Blocking.run {
            try await store.query(
                """
                SELECT concat_ws('|', person, sample_uuid, position, bpm, time_unix_ms, written_time) FROM heartbeats
                ORDER BY person, sample_uuid, position
                """
            ).map { try $0.decode(String.self) }
        }
    }

    @Test("Stored beats move into one series per sample, and the heartbeats view gives every row back as it was")
    func beatsKeptAsSeries() throws {
        try ScratchDatabase.with("beats") { url in
            let old = try ScratchDatabase.schema(before: "v13-heartbeat-series", at: url, person: "ann")
            try Blocking.run {
                try await old.query(
                    """
                    INSERT INTO heartbeats (person, sample_uuid, position, bpm, time_unix_ms, written_time) VALUES
                    ('ann', 'S-1', 0, 61.5, 1700000000250, '8:00:00.25 AM'),
                    ('ann', 'S-1', 2, 63.25, NULL, 'not a time'),
                    ('ann', 'S-1', 1, 62, 1700000001250, '8:00:01.25 AM'),
                    ('bo', 'S-1', 0, 70, 1700000000000, '9:00:00.00 AM'),
                    ('bo', 'S-2', 0, 71.125, 1700000100000, 'a "quoted" time')
                    """)
            }
            let before = try beats(old)
            old.closeWaiting()
            let migrated = try PostgresStore.open(url: url, person: "ann")
            defer { migrated.closeWaiting() }
            #expect(before.count == 5)
            #expect(try beats(migrated) == before)
            let series = try Blocking.run {
                try await migrated.query(
                    "SELECT person, sample_uuid, json_array_length(beats::json) FROM heartbeat_series ORDER BY 1, 2"
                ).map { try $0.decode((String, String, Int32).self) }
            }
            #expect(series.map { "\($0.0) \($0.1) \($0.2)" } == ["ann S-1 3", "bo S-1 1", "bo S-2 1"])
            let kind = try Blocking.run {
                try await migrated.query(
                    "SELECT table_type::text FROM information_schema.tables WHERE table_name = 'heartbeats'"
                )
                .first?.decode(String.self)
            }
            #expect(kind == "VIEW")
        }
    }
}
#endif
