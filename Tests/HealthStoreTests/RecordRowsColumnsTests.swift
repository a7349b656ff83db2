import GRDB
import HealthFixtures
import HealthSQLite
import HealthStoreRows
import Testing

#if PostgreSQL
@testable import HealthPostgres
#endif

/// `RecordRows` binds the rows both stores keep alike, in the order of its column lists: each
/// store's table must have those columns in that order, or values would land in other columns.
@Suite("The shared row descriptions against both schemas")
struct RecordRowsColumnsTests {
    @Test("Every table RecordRows binds starts with its columns, in order, in a new SQLite store")
    func sqliteColumns() throws {
        let folder = TemporaryFolder()
        let store = try HealthStore.open(path: folder.database)
        #expect(RecordRows.columns.count == 13)
        for (table, columns) in RecordRows.columns.sorted(by: { $0.key < $1.key }) {
            let stored = try store.read { db in
                try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String }
            }
            // Later migrations add columns at the end (`deleted_by`, `replaced_by`).
            #expect(Array(stored.prefix(columns.count)) == columns, "\(table)")
        }
    }

    #if PostgreSQL
    @Test("Every table RecordRows binds has its columns, in order, after person, on PostgreSQL")
    func postgresColumns() {
        let tables = PostgresSchema.recordTables + PostgresSchema.workoutTables + PostgresSchema.correctionTables
        for (table, columns) in RecordRows.columns.sorted(by: { $0.key < $1.key }) {
            let described = tables.first { $0.name == table }
            #expect(described?.columns.map(\.name) == columns, "\(table)")
        }
    }
    #endif
}
