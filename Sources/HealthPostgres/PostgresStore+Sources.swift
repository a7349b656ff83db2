#if PostgreSQL
import HealthCore
import HealthStatistics

extension PostgresStore {
    /// The person's sources, highest priority first, as `healthimport sources` lists them.
    public func sources() async throws -> [SourceListing] {
        try await refreshStatisticsIfPending()
        let rows = try await query("SELECT name, device_model, position FROM sources WHERE person = \(person)")
        return SourceListing.ranked(
            try rows.map { row in
                let (name, model, position) = try row.decode((String, String?, Int64?).self)
                return (name, model, position.map(Int.init))
            })
    }

    /// Saves `order` (highest first) as the person's source priority and recomputes every
    /// statistic of theirs, in one transaction. Names not seen yet are kept for later imports.
    /// Refused while an import of the person runs.
    public func saveSourceOrder(_ order: [String]) async throws {
        let saved: Void? = try await withImportLock {
            try await transaction {
                try await self.query("UPDATE sources SET position = NULL WHERE person = \(self.person)")
                for (position, name) in order.enumerated() {
                    try await self.query(
                        """
                        INSERT INTO sources (person, name, position) VALUES (\(self.person), \(name), \(position + 1)) \
                        ON CONFLICT (person, name) DO UPDATE SET position = excluded.position
                        """)
                }
                try await self.query("DELETE FROM statistics WHERE person = \(self.person)")
                try await self.query("DELETE FROM sleep_nights WHERE person = \(self.person)")
                try await self.query(PostgresSchema.allDaysPending(of: self.person))
            }
        }
        guard saved != nil else {
            throw StoreError(
                .locked, "\(location): an import for \(person) is running; save the source order when it has finished")
        }
    }

    /// Recomputes the days waiting for it (after an upgrade, an interrupted run, a new source
    /// order) in a transaction of its own, unless an import of the person runs; returns whether
    /// the statistics tables are current.
    @discardableResult
    func refreshStatisticsIfPending() async throws -> Bool {
        let pending = try await query("SELECT EXISTS (SELECT 1 FROM statistics_pending WHERE person = \(person))")
        guard try pending.first?.decode(Bool.self) == true else { return true }
        return try await withImportLock { try await transaction {} } != nil
    }

    /// Runs `body` and then refreshes the pending statistics, in one transaction on the store's connection.
    private func transaction(_ body: () async throws -> Void) async throws {
        try await inTransaction {
            try await body()
            try await PostgresStatistics.refreshPending(store: self, on: connection)
        }
    }
}
#endif
