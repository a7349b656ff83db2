#if SyncClient
/// A batch the server refused with a 4xx that waiting cannot change: reported, then skipped
/// (its anchor advances), so one bad sample never holds back the rest.
public struct RejectedBatch: Sendable, Equatable, CustomStringConvertible {
    public var type: String
    /// Samples or deletions in the batch.
    public var count: Int
    public var status: Int
    public var message: String

    public var description: String { "\(type): \(count) refused (\(status)): \(message)" }
}
#endif
