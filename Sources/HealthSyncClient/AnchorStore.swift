#if SyncClient
import Foundation

/// Where the engine keeps its anchors and progress, by key (`sync:<type>`, `backfill:<type>`):
/// a file by default (``FileAnchorStore``), or the app's own storage.
///
/// The engine saves an anchor only after the server acknowledged the batch that reached it, so a
/// store must make each save durable before it returns.
public protocol AnchorStore: Sendable {
    func value(for key: String) async throws -> Data?
    /// Saves `value` (`nil` removes the key).
    func setValue(_ value: Data?, for key: String) async throws
}
#endif
