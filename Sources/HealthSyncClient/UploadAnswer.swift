#if SyncClient
/// What the server did with one batch.
public struct UploadAnswer: Sendable, Equatable {
    public var received = 0
    public var new = 0
    /// Samples that changed a stored sample's value.
    public var updated = 0
    public var alreadyImported = 0
    /// Deletions: rows marked deleted, and UUIDs the server had no row for.
    public var deleted = 0
    public var unknown = 0

    public init() {}
}
#endif
