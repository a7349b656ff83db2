#if PostgreSQL
import Foundation
import HealthServer
import Testing

@testable import HealthPostgres

@Suite(
    "The settings of the store's connections", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ConnectionSettingsTests {
    /// The plan of a statistics read of six months of one type, as the reader asks it.
    private func plan(_ store: PostgresStore, randomPageCost: String? = nil) throws -> String {
        try Blocking.run {
            if let randomPageCost { try await store.query("SET random_page_cost = \(unescaped: randomPageCost)") }
            let lines = try await store.query(
                """
                EXPLAIN SELECT start_unix, end_unix, value, source_name, start_date, uuid FROM quantity_samples
                WHERE person = 'ann' AND type = 'HKQuantityTypeIdentifierHeartRate'
                AND start_unix >= 1700000000 AND start_unix < 1715552000 AND end_unix > 1700000000
                AND \(unescaped: PostgresSchema.current) ORDER BY start_unix, uuid
                """
            ).map { try $0.decode(String.self) }
            return lines.joined(separator: "\n")
        }
    }

    @Test("A stretch of one type's samples is read along the primary key, not by a scan and a sort")
    func readsAlongTheKey() throws {
        try ScratchDatabase.with("settings") { url in
            let store = try PostgresStore.open(url: url, person: "ann")
            defer { store.closeWaiting() }
            let cost = try Blocking.run { try await store.query("SHOW random_page_cost").first?.decode(String.self) }
            #expect(cost == "1.1")
            // A year of heart rate every minute and a half beside as many steps, for two people.
            try Blocking.run {
                try await store.query(
                    """
                    INSERT INTO quantity_samples (person, uuid, type, source_name, start_date, start_unix, end_date,
                        end_unix, value, unit)
                    SELECT p, md5(p || t || i), t, 'Watch', '2023-11-14T22:13:20+00:00', 1700000000 + i * 90,
                        '2023-11-14T22:13:20+00:00', 1700000000 + i * 90 + 60, 60 + i % 40, 'count/min'
                    FROM generate_series(0, 90000) AS i,
                        unnest(ARRAY['HKQuantityTypeIdentifierHeartRate', 'HKQuantityTypeIdentifierStepCount']) AS t,
                        unnest(ARRAY['ann', 'bo']) AS p
                    """)
                try await store.query("ANALYZE quantity_samples")
            }
            let own = try plan(store)
            #expect(own.contains("Index Scan using quantity_samples_pkey"), "\(own)")
            #expect(!own.contains("Sort"), "\(own)")
            // The server's default would sort: the rows are enough to tell the two apart.
            let byDefault = try plan(store, randomPageCost: "4")
            #expect(byDefault.contains("Sort"), "\(byDefault)")
        }
    }

    @Test("serve's reading routes run with its statement timeout; --statement-timeout 0 leaves the database's")
    func statementTimeout() throws {
        let url = try #require(TestPostgres.url)
        var configuration = ServerConfiguration(
            url: try PostgresURL(url), importJSON: { _ in "" }, statusJSON: { _ in "" })
        #expect(configuration.url.statementTimeout == nil, "imports write over a URL without one")
        func setting() throws -> String? {
            let readURL = configuration.readURL
            return try Blocking.run {
                let store = try await PostgresStore.connect(url: readURL, migrate: false)
                defer { PostgresStore.close(store.connection) }
                return try await store.query("SHOW statement_timeout").first?.decode(String.self)
            }
        }
        configuration.statementSeconds = 7
        #expect(try setting() == "7s")
        configuration.statementSeconds = 0
        #expect(configuration.readURL.statementTimeout == nil, "0 sends no start-up parameter a pooler could refuse")
        #expect(try setting() == "0")
    }
}
#endif
