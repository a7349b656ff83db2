#if SyncClient
import Foundation

/// `GET /api/healthkit/sync-status`'s answer.
public struct SyncStatus: Sendable, Equatable {
    public var backfillComplete: Bool
    public var needsHistoricalSync: Bool
    /// Where the historical upload starts; `nil` once the backfill is complete.
    public var recommendedStartDate: Date?
}
#endif
