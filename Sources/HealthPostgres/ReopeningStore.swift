#if PostgreSQL
import HealthCore
import HealthExport

/// A store for a reader that lives long (the MCP server): when the server has closed its
/// connection (a restart, an administrator), the next question opens a new one, so the reader
/// answers again once the database is back instead of failing until it is started again.
///
/// A question asked while the database is down fails at once with the store's error; one that
/// gets no answer within ``answerSeconds``, when given (a server that hangs, a network gone
/// quiet), fails then, and its connection is closed so that the next question opens a new one.
/// The store's person and database stay those it was made with.
public final class ReopeningStore: Sendable {
    private let current: Locked<PostgresStore>
    /// How long a question may wait for its answer; `nil` for as long as it takes.
    public let answerSeconds: Int?
    /// The default of ``answerSeconds``: as long as the sync server lets a reading query run.
    public static let defaultAnswerSeconds = 30

    /// Reads and reopens `store`'s database for its person.
    public init(_ store: PostgresStore, answerSeconds: Int? = defaultAnswerSeconds) {
        current = Locked(store)
        self.answerSeconds = answerSeconds
    }

    /// Where the store is, for a page's header.
    public var location: String { current.load().location }

    /// The answer `body` reads from the store, reopened first when the server closed it.
    public func answer<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresStore) async throws -> Value
    ) async throws -> Value {
        let store = try await open()
        guard let answerSeconds else { return try await body(store) }
        do {
            return try await Deadline.run(.seconds(answerSeconds)) { try await body(store) }
        } catch is Deadline.Exceeded {
            await store.close()
            throw StoreError(
                .unavailable, "PostgreSQL at \(store.url.address) did not answer within \(answerSeconds) s")
        }
    }

    /// The store, on a new connection when the server closed the last one.
    private func open() async throws -> PostgresStore {
        let store = current.load()
        guard store.isClosed else { return store }
        let reopened = try await PostgresStore.connect(url: store.url, person: store.person, migrate: false)
        current.store(reopened)
        return reopened
    }
}

extension PostgresStore {
    /// Whether the server has closed the store's own connection; a pooled store's never is.
    var isClosed: Bool { connection?.isClosed ?? false }
}
#endif
