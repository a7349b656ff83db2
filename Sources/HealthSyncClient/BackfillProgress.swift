#if SyncClient
/// Progress of a backfill for one type.
public struct BackfillProgress: Sendable, Equatable {
    public var type: String
    /// Samples sent so far, across resumptions.
    public var done: Int
    /// The source's estimate of the type's samples in the range; `nil` when it has none.
    public var estimatedTotal: Int?
    /// Whether the type has reached its end.
    public var finished: Bool

    public init(type: String, done: Int, estimatedTotal: Int?, finished: Bool) {
        self.type = type
        self.done = done
        self.estimatedTotal = estimatedTotal
        self.finished = finished
    }
}
#endif
