#if SyncClient
/// What one sync or backfill sent and what the server did with it.
public struct SyncSummary: Sendable, Equatable {
    /// Samples sent, the server's count of those it did not have, of those that changed a stored
    /// sample's value, and of those it had as sent.
    public var sent = 0
    public var new = 0
    public var updated = 0
    public var alreadyImported = 0
    /// Deletions sent, rows the server marked deleted, and UUIDs it had no row for.
    public var deletionsSent = 0
    public var deleted = 0
    public var unknownDeletions = 0
    /// Batches the server refused and the engine skipped.
    public var rejected: [RejectedBatch] = []

    public init() {}

    /// Adds `other`'s counts and refusals to these.
    public mutating func add(_ other: SyncSummary) {
        sent += other.sent
        new += other.new
        updated += other.updated
        alreadyImported += other.alreadyImported
        deletionsSent += other.deletionsSent
        deleted += other.deleted
        unknownDeletions += other.unknownDeletions
        rejected += other.rejected
    }
}
#endif
