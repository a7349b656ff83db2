#if SyncClient
import Foundation

/// Anchors in memory, for tests and for apps that keep them elsewhere.
public actor MemoryAnchorStore: AnchorStore {
    private var values: [String: Data] = [:]

    public init() {}

    public func value(for key: String) -> Data? { values[key] }

    public func setValue(_ value: Data?, for key: String) { values[key] = value }
}
#endif
