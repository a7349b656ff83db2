#if PostgreSQL
import HealthExport

/// A store for a reader that lives long (the MCP server): when the server has closed its
/// connection (a restart, an administrator), the next question opens a new one, so the reader
/// answers again once the database is back instead of failing until it is started again.
///
/// A question asked while the database is down fails at once with the store's error; the
/// store's person and database stay those it was made with.
public final class ReopeningStore: Sendable {
    private let current: Locked<PostgresStore>

    /// Reads and reopens `store`'s database for its person.
    public init(_ store: PostgresStore) {
        current = Locked(store)
    }

    /// Where the store is, for a page's header.
    public var location: String { current.load().location }

    /// The store, on a new connection when the server closed the last one.
    public func store() async throws -> PostgresStore {
        let store = current.load()
        guard store.isClosed else { return store }
        let reopened = try await PostgresStore.connect(url: store.url, person: store.person, migrate: false)
        current.store(reopened)
        return reopened
    }

    /// Closes the store's connection.
    public func close() async {
        await current.load().close()
    }
}

extension PostgresStore {
    /// Whether the server has closed the store's own connection; a pooled store's never is.
    public var isClosed: Bool { connection?.isClosed ?? false }
}
#endif
