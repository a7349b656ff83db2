#if PostgreSQL
import Foundation
import GRDB
import HealthCore
import HealthFixtures
import HealthSQLite
import Testing

@testable import HealthPostgres

/// The two stores' writers against each other, table by table: after the same imports, every
/// table both stores have holds as many rows of the person in each. A table one engine fills and
/// the other forgets, or a row one deletes and the other keeps (a rewrite's digest, a corrected
/// record's metadata), shows here even when no reader looks at it.
@Suite("Both stores' tables after the same imports", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct StoreTablesContractTests {
    /// Tables whose rows are the engine's own: each engine's migrations, and SQLite's
    /// normalised samples (types, sources and devices by number), compared through the views
    /// that give them PostgreSQL's shape (``sqliteViews``).
    static let ownTables: Set<String> = [
        "grdb_migrations", "healthimport_migrations", "devices", "sample_types", "sample_sources",
        "quantity_sample_rows", "category_sample_rows",
    ]
    /// SQLite's views that stand for PostgreSQL's tables of the same name.
    static let sqliteViews = ["quantity_samples", "category_samples", "heartbeats"]

    /// The imports compared, each into a new store of both engines, one after the other.
    static let scenarios: [(name: String, exports: [String])] = [
        ("a sample export, then a later one without some of its samples", sampleThenLater()),
        (
            "a weighing replaced by a newer sync version, then both versions again",
            [
                StoreContract.smallExport(
                    day: 1, [StoreContract.syncedWeight(kilograms: "70.4", version: 1, createdDay: 1)]),
                StoreContract.smallExport(
                    day: 3, [StoreContract.syncedWeight(kilograms: "70.1", version: 2, createdDay: 2)]),
                StoreContract.smallExport(
                    day: 5,
                    [
                        StoreContract.syncedWeight(kilograms: "70.1", version: 2, createdDay: 2),
                        StoreContract.syncedWeight(kilograms: "70.4", version: 1, createdDay: 1),
                    ]),
            ]
        ),
        (
            "a weighing saved again, unchanged, at a newer sync version",
            [1, 2].map { version in
                StoreContract.smallExport(
                    day: 2 * version - 1,
                    [StoreContract.syncedWeight(kilograms: "70.4", version: version, createdDay: 1)])
            }
        ),
        (
            "a workout with a sync identifier rewritten at a newer version, with other totals and events",
            [(version: 1, kilocalories: 300, pauses: 1), (2, 320, 2), (2, 320, 2)].enumerated().map { day, saved in
                StoreContract.smallExport(
                    day: 1 + 2 * day,
                    [
                        StoreContract.syncedRun(
                            version: saved.version, kilocalories: saved.kilocalories, pauses: saved.pauses)
                    ])
            }
        ),
        (
            "a workout whose totals change, then the same workout again",
            [300, 320, 320].enumerated().map { day, kilocalories in
                StoreContract.smallExport(day: 1 + 2 * day, [StoreContract.run(kilocalories: kilocalories)])
            }
        ),
    ]

    /// The v14 sample export, then the same export without every third single-line step count and
    /// sleep sample.
    static func sampleThenLater() -> [String] {
        let path = repositoryRoot + "/SampleExports/v14-2025/export.xml"
        guard let first = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return [first, StoreContract.withoutEveryThirdSample(first).xml]
    }

    @Test("Every table both stores have holds as many rows on each", arguments: scenarios.indices)
    func sameRowsPerTable(scenario: Int) throws {
        let (name, exports) = Self.scenarios[scenario]
        #expect(exports.count >= 2, "\(name)")
        let folder = TemporaryFolder()
        let sqlite = try HealthStore.open(path: folder.database)
        let postgres = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("tables"))
        for store in [sqlite, postgres] as [any HealthRecordStore] {
            let contract = StoreContract(backend: store is HealthStore ? .sqlite : .postgres)
            for xml in exports { try contract.importXML(xml, into: store, window: .all, windowGiven: true) }
        }
        let sqliteTables =
            try sqlite.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            } + Self.sqliteViews
        let postgresTables = try Blocking.run {
            try await postgres.query(
                """
                SELECT table_name::text FROM information_schema.columns \
                WHERE table_schema = current_schema() AND column_name = 'person'
                """)
        }.map { try $0.decode(String.self) }
        let shared = Set(sqliteTables).intersection(postgresTables).subtracting(Self.ownTables)
        // Every table of either engine is compared, or is one of its own.
        #expect(Set(sqliteTables).subtracting(shared).subtracting(Self.ownTables).isEmpty, "\(name)")
        var rowsCompared = 0
        for table in shared.sorted() {
            let expected = try sqlite.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") } ?? -1
            let found = try Blocking.run {
                try await postgres.query(
                    "SELECT count(*) FROM \(unescaped: table) WHERE person = \(postgres.person)")
            }.first?.decode(Int64.self)
            #expect(found.map(Int.init) == expected, "\(table) after \(name)")
            rowsCompared += expected
        }
        #expect(shared.count >= 25, "\(name)")
        #expect(rowsCompared > 0, "\(name)")
    }

    @Test("Every table both stores have has the same columns, PostgreSQL's person aside")
    func sameColumnsPerTable() throws {
        let folder = TemporaryFolder()
        let sqlite = try HealthStore.open(path: folder.database)
        let postgres = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("columns"))
        let postgresColumns = try Blocking.run {
            try await postgres.query(
                """
                SELECT c.table_name::text, c.column_name::text FROM information_schema.columns c \
                WHERE c.table_schema = current_schema() AND c.column_name <> 'person' AND EXISTS \
                (SELECT 1 FROM information_schema.columns p WHERE p.table_schema = c.table_schema \
                AND p.table_name = c.table_name AND p.column_name = 'person')
                """)
        }.reduce(into: [String: Set<String>]()) { columns, row in
            let (table, column) = try row.decode((String, String).self)
            columns[table, default: []].insert(column)
        }
        let tables =
            try sqlite.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            } + Self.sqliteViews
        var compared = 0
        for table in Set(tables).subtracting(Self.ownTables).sorted() {
            guard let theirs = postgresColumns[table] else { continue }
            let ours = try sqlite.read { db in
                Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String })
            }
            #expect(
                ours == theirs,
                "\(table): SQLite only \(ours.subtracting(theirs).sorted()), PostgreSQL only \(theirs.subtracting(ours).sorted())"
            )
            compared += 1
        }
        #expect(compared >= 25, "\(compared) tables compared")
    }
}
#endif
