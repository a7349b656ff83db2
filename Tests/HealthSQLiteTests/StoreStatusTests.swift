import Foundation
import GRDB
import HealthCore
import HealthFixtures
import Testing

@testable import HealthSQLite

@Suite struct StoreStatusTests {
    static let sampleExport: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/SampleExports/v14-2025/export.xml"
    }()

    @Test("per type rows and first and last start read through the indexes equal a GROUP BY over every table")
    func statusMatchesGroupBy() throws {
        let folder = TemporaryFolder()
        try importFile(Self.sampleExport, into: folder.database, window: .all, windowGiven: true)
        let status = try HealthStore.open(path: folder.database, readOnly: true).status()
        var expected: [String: (Int, String?, String?)] = [:]
        let queue = try DatabaseQueue(path: folder.database)
        try queue.read { db in
            for (table, type, start) in HealthStore.typedTables {
                for row in try Row.fetchAll(
                    db, sql: "SELECT \(type), count(*), min(\(start)), max(\(start)) FROM \(table) GROUP BY 1")
                {
                    expected[row[0]] = (row[1], HealthStore.iso(row[2]), HealthStore.iso(row[3]))
                }
            }
        }
        #expect(expected.count > 10)
        #expect(Set(status.types.filter { $0.rows > 0 }.map(\.type)) == Set(expected.keys))
        for type in status.types where type.rows > 0 {
            let want = expected[type.type]
            #expect(want?.0 == type.rows && want?.1 == type.firstStart && want?.2 == type.lastStart, "\(type.type)")
        }
    }
}

@Suite struct MarkedIndexTests {
    @Test("marked rows are counted through each table's partial index, not by reading every row")
    func markedCountsUseTheIndex() throws {
        let folder = TemporaryFolder()
        try importFile(StoreStatusTests.sampleExport, into: folder.database, window: .all, windowGiven: true)
        let queue = try DatabaseQueue(path: folder.database)
        try queue.read { db in
            for (table, type, _) in HealthStore.typedTables where StoreSchema.correctableTables.contains(table) {
                let plan = try Row.fetchAll(
                    db,
                    sql:
                        "EXPLAIN QUERY PLAN \(HealthStore.markedCounts(table: table, type: type, keyed: true))"
                )
                .map { $0["detail"] as String }
                let index = "INDEX \(StoreSchema.rows(of: table))_marked"
                #expect(plan.contains { $0.contains(index) }, "\(table): \(plan)")
            }
        }
    }
}
