import Foundation

/// A temporary folder removed when the value goes away.
public final class TemporaryFolder {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "healthimport-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public var database: String { path + "/health.sqlite" }
}
