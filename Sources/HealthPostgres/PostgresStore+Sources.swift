#if PostgreSQL
import HealthCore
import HealthStatistics

extension PostgresStore {
    /// The person's sources, highest priority first, as `healthimport sources` lists them.
    public func sources() throws -> [SourceListing] {
        try refreshStatisticsIfPending()
        let rows = try Blocking.run {
            try await self.query(
                "SELECT name, device_model, position FROM sources WHERE person = \(self.person)")
        }
        return SourceListing.ranked(
            try rows.map { row in
                let (name, model, position) = try row.decode((String, String?, Int64?).self)
                return (name, model, position.map(Int.init))
            })
    }

    /// Saves `order` (highest first) as the person's source priority and recomputes every
    /// statistic of theirs, in one transaction. Names not seen yet are kept for later imports.
    /// Refused while an import of the person runs.
    public func saveSourceOrder(_ order: [String]) throws {
        guard try Blocking.run({ try await self.tryImportLock() }) else {
            throw StoreError(
                .locked, "\(location): an import for \(person) is running; save the source order when it has finished")
        }
        defer { _ = try? Blocking.run { try await self.releaseImportLock() } }
        let person = person
        try transaction {
            try await self.query("UPDATE sources SET position = NULL WHERE person = \(person)")
            for (position, name) in order.enumerated() {
                try await self.query(
                    """
                    INSERT INTO sources (person, name, position) VALUES (\(person), \(name), \(position + 1)) \
                    ON CONFLICT (person, name) DO UPDATE SET position = excluded.position
                    """)
            }
            try await self.query("DELETE FROM statistics WHERE person = \(person)")
            try await self.query("DELETE FROM sleep_nights WHERE person = \(person)")
            try await self.query(PostgresSchema.allDaysPending(of: person))
        }
    }

    /// Recomputes the days waiting for it (after an upgrade, an interrupted run, a new source
    /// order) in a transaction of its own, unless an import of the person runs; returns whether
    /// the statistics tables are current.
    @discardableResult
    func refreshStatisticsIfPending() throws -> Bool {
        let pending = try Blocking.run {
            try await self.query(
                "SELECT EXISTS (SELECT 1 FROM statistics_pending WHERE person = \(self.person))")
        }
        guard try pending.first?.decode(Bool.self) == true else { return true }
        guard try Blocking.run({ try await self.tryImportLock() }) else { return false }
        defer { _ = try? Blocking.run { try await self.releaseImportLock() } }
        try transaction {}
        return true
    }

    /// Runs `body` and then refreshes the pending statistics, in one transaction on the store's connection.
    private func transaction(_ body: @escaping @Sendable () async throws -> Void) throws {
        try Blocking.run { try await self.query("BEGIN") }
        do {
            try Blocking.run { try await body() }
            try PostgresStatistics.refreshPending(store: self, on: connection)
            try Blocking.run { try await self.query("COMMIT") }
        } catch {
            _ = try? Blocking.run { try await self.query("ROLLBACK") }
            throw error
        }
    }
}
#endif
