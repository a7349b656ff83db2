import Foundation

/// One HTTP request of the sync API, relative to the server.
public struct SyncRequest: Sendable {
    public var method: String
    /// The path and query (`/api/healthkit/samples`).
    public var path: String
    public var body: Data?

    public init(method: String, path: String, body: Data? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }
}

/// One HTTP answer.
public struct SyncResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends the sync API's requests with the person's token; throws only when no answer came
/// (the engine retries those). ``URLSessionTransport`` is the default.
public protocol SyncTransport: Sendable {
    func send(_ request: SyncRequest) async throws -> SyncResponse
}
