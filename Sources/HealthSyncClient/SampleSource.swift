#if SyncClient
import Foundation

/// Where the samples come from, modelled on `HKAnchoredObjectQuery` and `HKObserverQuery`:
/// HealthKit on a phone (`HealthKitSource`), a simulation in tests and `simulate-phone`.
public protocol SampleSource: Sendable {
    /// The samples of `type` added and the sample UUIDs deleted since `anchor` (`nil`: from the
    /// beginning), at most `limit` of the two together, with the anchor that continues after
    /// them. `startingFrom` keeps only samples that start at or after it (a predicate); an
    /// anchor is an opaque position, valid with any predicate.
    func changes(of type: String, startingFrom: Date?, since anchor: Data?, limit: Int) async throws -> SampleChanges

    /// About how many samples of `type` start at or after `date`, for progress; `nil` when unknown.
    func estimatedCount(of type: String, startingFrom date: Date?) async throws -> Int?

    /// The types whose samples changed, as they change (the observer query's role).
    func changeNotifications() async -> AsyncStream<String>
}

/// One answer of ``SampleSource/changes(of:startingFrom:since:limit:)``.
public struct SampleChanges: Sendable {
    public var added: [HealthSample]
    public var deleted: [UUID]
    /// Where the next query continues.
    public var nextAnchor: Data
    /// Whether the answer stopped at the limit (more may follow at once).
    public var reachedLimit: Bool

    public init(added: [HealthSample], deleted: [UUID], nextAnchor: Data, reachedLimit: Bool) {
        self.added = added
        self.deleted = deleted
        self.nextAnchor = nextAnchor
        self.reachedLimit = reachedLimit
    }
}
#endif
