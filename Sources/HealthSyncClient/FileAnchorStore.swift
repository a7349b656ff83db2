#if SyncClient
import Foundation

/// Anchors in one JSON file (key to base64), rewritten whole on every save through a temporary
/// file renamed over the old one, so a process killed mid-save leaves the old or the new file.
public actor FileAnchorStore: AnchorStore {
    public let url: URL
    private var values: [String: Data]?

    public init(url: URL) {
        self.url = url
    }

    public func value(for key: String) throws -> Data? {
        try loaded()[key]
    }

    public func setValue(_ value: Data?, for key: String) throws {
        var all = try loaded()
        all[key] = value
        let encoded = all.mapValues { $0.base64EncodedString() }
        let data = try JSONSerialization.data(withJSONObject: encoded, options: [.sortedKeys])
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // `.atomic` writes a temporary file and renames it over the old one.
        try data.write(to: url, options: .atomic)
        values = all
    }

    private func loaded() throws -> [String: Data] {
        if let values { return values }
        var read: [String: Data] = [:]
        if let data = FileManager.default.contents(atPath: url.path) {
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] else {
                throw SyncError.corruptAnchors(url.path)
            }
            for (key, text) in object {
                guard let value = Data(base64Encoded: text) else { throw SyncError.corruptAnchors(url.path) }
                read[key] = value
            }
        }
        values = read
        return read
    }
}
#endif
