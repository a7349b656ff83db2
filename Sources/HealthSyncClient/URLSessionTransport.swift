import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``SyncTransport`` over `URLSession` (FoundationNetworking's on Linux), with a bearer token.
public struct URLSessionTransport: SyncTransport {
    public let server: URL
    private let token: String
    private let session: URLSession
    private let timeout: TimeInterval

    /// `server` is the server's root (`https://health.example.com`); `token` the person's token.
    public init(server: URL, token: String, session: URLSession = .shared, timeout: TimeInterval = 120) {
        self.server = server
        self.token = token
        self.session = session
        self.timeout = timeout
    }

    public func send(_ request: SyncRequest) async throws -> SyncResponse {
        guard let url = URL(string: request.path, relativeTo: server) else {
            throw SyncError.unexpectedAnswer("\(request.path) is not a path on \(server)")
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw SyncError.unexpectedAnswer("not an HTTP answer from \(url)")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return SyncResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// A data task behind a continuation: the same on every platform's Foundation.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}
