#if PostgreSQL
import HealthCore
import PostgresNIO

extension PostgresStore {
    /// Writes identified records (samples an app uploaded) in one transaction, as an import
    /// writes an export's, with the statistics of their days; returns the ones the store already
    /// had, by type. The anchors stay: a later export finds these rows by UUID. Take the
    /// person's import lock first.
    public func insertRecords(_ records: [IdentifiedRecord]) async throws -> [String: Int] {
        try await insertRecords(records, then: {})
    }

    /// Writes `records` as ``insertRecords(_:)`` does, and runs `then` in the same transaction
    /// once they are written.
    func insertRecords(_ records: [IdentifiedRecord], then: () async throws -> Void) async throws -> [String: Int] {
        try await insertRecordsCounting(records, then: then).alreadyStored
    }

    /// Writes `records` as ``insertRecords(_:)`` does, runs `then` in the same transaction once
    /// they are written, and tells what the writer found (rows added, records already stored,
    /// stored records brought up to date).
    func insertRecordsCounting(_ records: [IdentifiedRecord], then: () async throws -> Void) async throws
        -> StoreOutcome
    {
        let writer = PostgresRecordWriter(connection: connection, person: person, logger: Self.logger)
        do {
            try await inTransaction {
                try await writer.write(records)
                try await then()
                // The statistics of the days the samples touch change in their transaction, as an
                // import's do.
                try await PostgresStatistics.notePending(writer.statisticsDays, store: self, on: connection)
                try await PostgresStatistics.refreshPending(store: self, on: connection)
            }
        } catch {
            throw StoreError.postgres(error, url: url)
        }
        return writer.outcome
    }
}
#endif
