#if PostgreSQL
import Foundation
import GRDB
import HealthCore
import HealthFixtures
import HealthSQLite
import HealthStatistics
import Testing

@testable import HealthPostgres

@Suite("The PostgreSQL views", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresViewsTests {
    static let sampleExports = ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025"]

    /// Every view of the SQLite store exists on PostgreSQL and gives a person the same rows, in
    /// the same order, with the same values (numbers compared as numbers: the two databases
    /// print them differently), and another person none.
    @Test("Each view gives a person the rows SQLite's gives, and another person none", arguments: sampleExports)
    func sameRowsAsSQLite(export: String) throws {
        let path = repositoryRoot + "/SampleExports/\(export)/export.xml"
        let folder = TemporaryFolder()
        let sqlite = try HealthStore.open(path: folder.database)
        try StoreContract(backend: .sqlite).importFile(path, into: sqlite, window: .all, windowGiven: true)
        let postgres = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("views"))
        try StoreContract(backend: .postgres).importFile(path, into: postgres, window: .all, windowGiven: true)
        #expect(try Self.compare(sqlite, postgres) > 100)
        #expect(try Self.compareRecords(sqlite, postgres) > 20)
    }

    /// A later export without some samples (marked deleted) and with others changed leaves the
    /// same statistics and views on both stores.
    @Test("After a later export's corrections the views and statistics still match SQLite's")
    func sameRowsAfterCorrections() throws {
        let path = repositoryRoot + "/SampleExports/v14-2025/export.xml"
        let folder = TemporaryFolder()
        let (later, seen) = StoreContract.withoutEveryThirdSample(try String(contentsOfFile: path, encoding: .utf8))
        #expect(seen >= 18)
        let laterPath = folder.path + "/later.xml"
        try later.write(toFile: laterPath, atomically: true, encoding: .utf8)

        let sqlite = try HealthStore.open(path: folder.database)
        let postgres = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("later"))
        for store in [sqlite, postgres] as [any HealthRecordStore] {
            let contract = StoreContract(backend: store is HealthStore ? .sqlite : .postgres)
            try contract.importFile(path, into: store, window: .all, windowGiven: true)
            let second = try contract.importFile(laterPath, into: store, window: .all, windowGiven: true)
            #expect(second.report!.total.deleted == seen / 3, "\(second.report!.total)")
        }
        #expect(try Self.compare(sqlite, postgres) > 100)
        #expect(try Self.compareRecords(sqlite, postgres) > 20)
    }

    /// Compares SQLite's sample and heartbeat views with PostgreSQL's tables of the same names,
    /// row for row in their keys' order, with whether a row is marked deleted in place of the
    /// import that marked it (each store numbers its imports); returns the rows compared.
    static func compareRecords(_ sqlite: HealthStore, _ postgres: PostgresStore) throws -> Int {
        let orders = [
            ("quantity_samples", "uuid", #"uuid COLLATE "C""#), ("category_samples", "uuid", #"uuid COLLATE "C""#),
            ("heartbeats", "sample_uuid, position", #"sample_uuid COLLATE "C", position"#),
        ]
        var rowsSeen = 0
        for (table, order, postgresOrder) in orders {
            let columns = try sqlite.read { db in try db.columns(in: table).map(\.name) }
            #expect(columns.count >= 5, "\(table)")
            let list = columns.map { $0 == "deleted_by" ? "CASE WHEN deleted_by IS NULL THEN 0 ELSE 1 END" : $0 }
            let expected = try sqlite.read { db in
                try Row.fetchAll(db, sql: "SELECT \(list.joined(separator: ", ")) FROM \(table) ORDER BY \(order)")
                    .map { row in list.indices.map { Self.normal(row[$0] as DatabaseValue) } }
            }
            let rows = try Blocking.run {
                try await postgres.query(
                    """
                    SELECT \(unescaped: list.map { "(\($0))::text" }.joined(separator: ", ")) FROM \(unescaped: table) \
                    WHERE person = \(postgres.person) ORDER BY \(unescaped: postgresOrder)
                    """)
            }
            let found = try rows.map { row in try row.map { Self.normal(text: try $0.decode(String?.self)) } }
            #expect(found.count == expected.count, "\(table)")
            for (index, (foundRow, expectedRow)) in zip(found, expected).enumerated() where foundRow != expectedRow {
                Issue.record("\(table) row \(index): \(foundRow) against SQLite's \(expectedRow)")
                break
            }
            rowsSeen += expected.count
        }
        return rowsSeen
    }

    /// Compares every view and statistics table of `sqlite` with `postgres`'s for its person
    /// (and finds nothing for another person); returns the rows compared.
    static func compare(_ sqlite: HealthStore, _ postgres: PostgresStore) throws -> Int {
        let other = TestPostgres.freshPerson("nobody")
        let views = try sqlite.read { db in
            // The sample and heartbeat views are SQLite's record tables: `compareRecords` compares them.
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'view' \
                    AND name NOT IN ('quantity_samples', 'category_samples', 'heartbeats') ORDER BY name
                    """)
        }
        #expect(views.count >= 11)
        // The statistics tables too, weeks and months included, in their keys' order.
        let tables = [
            "statistics ORDER BY type, period, wall_start", "sleep_nights ORDER BY wall_start", "sources ORDER BY name",
        ]
        var rowsSeen = 0
        for view in views + tables {
            let (columns, expected) = try sqlite.read { db in
                let columns = try db.columns(in: String(view.prefix { $0 != " " })).map(\.name)
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(view)").map { row in
                    columns.indices.map { Self.normal(row[$0] as DatabaseValue) }
                }
                return (columns, rows)
            }
            let list = columns.map { "\($0)::text" }.joined(separator: ", ")
            for (person, wanted) in [(postgres.person, expected), (other, [])] {
                let rows = try Blocking.run {
                    // The person's rows, before the view's own ORDER BY if it has one.
                    let (from, order) =
                        view.range(of: " ORDER").map {
                            (String(view[..<$0.lowerBound]), String(view[$0.lowerBound...]))
                        }
                        ?? (view, "")
                    return try await postgres.query(
                        "SELECT \(unescaped: list) FROM \(unescaped: from) WHERE person = \(person)\(unescaped: order)")
                }
                let found = try rows.map { row in try row.map { Self.normal(text: try $0.decode(String?.self)) } }
                #expect(found == wanted, "\(view) for \(person)")
            }
            rowsSeen += expected.count
        }
        return rowsSeen
    }

    /// Days a database upgraded to stored statistics (or an interrupted run) left pending are
    /// computed by the person's next `stats`, giving what the import had stored.
    @Test("Pending days are computed by the next stats")
    func pendingDaysComputed() async throws {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: TestPostgres.freshPerson("pending"))
        try StoreContract(backend: .postgres).importFile(
            repositoryRoot + "/SampleExports/v14-2025/export.xml", into: store, window: .all, windowGiven: true)
        let queries = [
            ComputedStatistics(
                type: "HKQuantityTypeIdentifierStepCount", period: .week, since: nil, until: nil, preferred: nil),
            ComputedStatistics(
                type: "HKQuantityTypeIdentifierHeartRate", period: .day, since: nil, until: nil, preferred: nil),
            ComputedStatistics(
                type: "HKCategoryTypeIdentifierSleepAnalysis", period: .night, since: nil, until: nil, preferred: nil),
        ]
        func lines() async throws -> [[[String]]] {
            var lines: [[[String]]] = []
            for query in queries { lines.append(try await store.statistics(query).map { $0.map(\.json) }) }
            return lines
        }
        let before = try await lines()
        #expect(before.allSatisfy { !$0.isEmpty })
        let person = store.person
        try Blocking.run {
            try await store.query("DELETE FROM statistics WHERE person = \(person)")
            try await store.query("DELETE FROM sleep_nights WHERE person = \(person)")
            try await store.query(PostgresSchema.allDaysPending(of: person))
        }
        let after = try await lines()
        #expect(after == before)
        let left = try Blocking.run {
            try await store.query(
                "SELECT count(*) FROM statistics_pending WHERE person = \(store.person)")
        }
        #expect(try left.first?.decode(Int64.self) == 0)
    }

    /// A value as both databases can print it: a number, or text.
    enum Value: Equatable, CustomStringConvertible {
        case number(Double)
        case text(String?)

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.number(let x), .number(let y)): abs(x - y) <= 1e-9 * max(1, abs(x))
            case (.text(let x), .text(let y)): x == y
            default: false
            }
        }

        var description: String {
            switch self {
            case .number(let number): "\(number)"
            case .text(let text): text.map { "'\($0)'" } ?? "NULL"
            }
        }
    }

    static func normal(_ value: DatabaseValue) -> Value {
        switch value.storage {
        case .null: .text(nil)
        case .int64(let number): .number(Double(number))
        case .double(let number): .number(number)
        case .string(let text): normal(text: text)
        case .blob: .text("blob")
        }
    }

    static func normal(text: String?) -> Value {
        guard let text else { return .text(nil) }
        // Text that reads as a plain number (not a date) is compared as one.
        if let number = Double(text), !text.contains("-") || text.hasPrefix("-") { return .number(number) }
        return .text(text)
    }
}
#endif
