import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import HealthSQLite
import Testing

#if PostgreSQL
import HealthPostgres
#endif

/// The test PostgreSQL: `HEALTHIMPORT_TEST_POSTGRES` (CI sets it), else a throw-away server
/// started for the test process when PostgreSQL is installed (see `PostgresCluster`).
enum TestPostgres {
    static let url: String? = PostgresCluster.sharedURL
    static let reason = Comment(rawValue: PostgresCluster.skipReason)

    static func freshPerson(_ label: String = "t") -> String {
        "\(label)-\(UUID().uuidString.prefix(8).lowercased())"
    }
}

/// Where a contract test's store lives: a new SQLite file, or a new person in the test PostgreSQL.
enum StoreBackend: Sendable, CustomStringConvertible {
    case sqlite
    #if PostgreSQL
    case postgres
    #endif

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// A new, empty store; `reopen` gives another handle on the same one.
    func makeStore() throws -> (
        store: any HealthRecordStore, reopen: () throws -> any HealthRecordStore, keep: AnyObject?
    ) {
        switch self {
        case .sqlite:
            let folder = TemporaryFolder()
            let path = folder.database
            return (try HealthStore.open(path: path), { try HealthStore.open(path: path) }, folder)
        #if PostgreSQL
        case .postgres:
            let url = TestPostgres.url!
            let person = TestPostgres.freshPerson()
            return (
                try PostgresStore.open(url: url, person: person), { try PostgresStore.open(url: url, person: person) },
                nil
            )
        #endif
        }
    }
}
