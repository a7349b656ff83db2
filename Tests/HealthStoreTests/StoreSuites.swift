import Foundation
import HealthCore
import Testing

#if PostgreSQL
import HealthPostgres
#endif

/// The engines the contract runs on: SQLite always, PostgreSQL where the build has it and the
/// tests have one.
#if PostgreSQL
let contractBackends: [StoreBackend] = TestPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres]
#else
let contractBackends: [StoreBackend] = [.sqlite]
#endif

@Suite("The store contract, on every engine")
struct StoreContractTests {
    @Test("The first import takes the window; the same export again adds nothing", arguments: contractBackends)
    func firstImportThenRepeat(on backend: StoreBackend) throws {
        try StoreContract(backend: backend).firstImportThenRepeat()
    }

    @Test("Anchors advance with a newer export and reset per type or all", arguments: contractBackends)
    func anchors(on backend: StoreBackend) throws { try StoreContract(backend: backend).anchorsMoveAndReset() }

    @Test("An interrupted import keeps its rows, not its anchors; a re-run completes it", arguments: contractBackends)
    func interrupted(on backend: StoreBackend) throws {
        try StoreContract(backend: backend).interruptedThenCompleted()
    }

    @Test(
        "A record gone from a later export is marked deleted, and current again when it returns",
        arguments: contractBackends)
    func deletions(on backend: StoreBackend) throws { try StoreContract(backend: backend).deletedThenRestored() }

    @Test("A later export's activity summary updates the stored one in place", arguments: contractBackends)
    func summaryUpdated(on backend: StoreBackend) throws {
        try StoreContract(backend: backend).activitySummaryUpdated()
    }

    @Test(
        "A day's summary listed twice keeps the first content; the same export again changes nothing",
        arguments: contractBackends)
    func repeatedSummary(on backend: StoreBackend) throws {
        try StoreContract(backend: backend).repeatedSummaryKeepsFirst()
    }

    @Test("A body mass in a unit that is no mass counts in the status beside the weights", arguments: contractBackends)
    func bodyMassInTwoTables(on backend: StoreBackend) throws {
        try StoreContract(backend: backend).bodyMassInTwoTables()
    }

    @Test(
        "The Me profile is one record, updated in place by a later export whose profile differs",
        arguments: contractBackends)
    func profileUpdated(on backend: StoreBackend) throws { try StoreContract(backend: backend).profileUpdated() }

    @Test(
        "A higher sync version replaces the stored record; a lower one arriving later changes nothing",
        arguments: contractBackends)
    func syncVersions(on backend: StoreBackend) throws { try StoreContract(backend: backend).syncVersionReplaces() }

    @Test(
        "A later export's changed workout is written again; the same content once more changes nothing",
        arguments: contractBackends)
    func workoutUpdated(on backend: StoreBackend) throws { try StoreContract(backend: backend).workoutUpdated() }
}

#if PostgreSQL
@Suite("The store on PostgreSQL", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PostgresStoreTests {
    let contract = StoreContract(backend: .postgres)

    @Test("The sample exports give PostgreSQL the same rows per type as SQLite")
    func sameRowsAsSQLite() throws {
        let sqlite = try StoreContract(backend: .sqlite).sampleExports()
        let postgres = try contract.sampleExports()
        #expect(!sqlite.isEmpty)
        #expect(postgres == sqlite)
    }

    @Test("Two people in one database see only their own rows and anchors")
    func peopleIsolated() throws {
        let url = TestPostgres.url!
        let jo = try PostgresStore.open(url: url, person: TestPostgres.freshPerson("jo"))
        let sam = try PostgresStore.open(url: url, person: TestPostgres.freshPerson("sam"))
        try contract.importXML(StoreContract.export(days: 10), into: jo)
        #expect(try StoreContract.rows(jo)["HKQuantityTypeIdentifierStepCount"] == 40)
        #expect(try StoreContract.rows(sam).isEmpty)
        #expect(try sam.anchors().isEmpty)
        #expect(try sam.status().imports.isEmpty)
        // The same export for the second person: all new to them.
        let result = try contract.importXML(StoreContract.export(days: 10), into: sam)
        #expect(result.report!.total.new == 43)
    }

    @Test("A second import of the same person is refused while one runs")
    func oneImportPerPerson() throws {
        let url = TestPostgres.url!
        let person = TestPostgres.freshPerson()
        let first = try PostgresStore.open(url: url, person: person)
        let second = try PostgresStore.open(url: url, person: person)
        let begun = try first.beginImport(input: "a", signature: nil, window: "all")
        let error = #expect(throws: StoreError.self) {
            try second.beginImport(input: "b", signature: nil, window: "all")
        }
        #expect(error?.code == .locked)
        try first.markFailed(importID: begun.id, message: "test")
        first.closeWaiting()
        // The lock goes with the first connection, once the server has seen it close.
        var again: (id: Int64, anchors: [String: Anchor])?
        for _ in 0..<100 where again == nil {
            again = try? second.beginImport(input: "b", signature: nil, window: "all")
            if again == nil { usleep(100_000) }
        }
        guard let again else {
            Issue.record("the lock stayed after its connection closed")
            return
        }
        #expect(again.id > begun.id)
        try second.markFailed(importID: again.id, message: "test")
    }
}
#endif
