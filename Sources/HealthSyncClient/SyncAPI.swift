import Foundation

/// The sync server's routes over a ``SyncTransport``, with the retry policy: answers that may
/// pass later are sent again, a refusal is thrown as ``SyncError``.
///
/// Written by hand after docs/server.md; the server's OpenAPI document can generate it.
public struct SyncAPI: Sendable {
    public let transport: any SyncTransport
    public var retry: RetryPolicy

    public init(transport: any SyncTransport, retry: RetryPolicy = RetryPolicy()) {
        self.transport = transport
        self.retry = retry
    }

    public func syncStatus() async throws -> SyncStatus {
        let object = try await call(SyncRequest(method: "GET", path: "/api/healthkit/sync-status"))
        return SyncStatus(
            backfillComplete: object["backfillComplete"] as? Bool ?? false,
            needsHistoricalSync: object["needsHistoricalSync"] as? Bool ?? false,
            recommendedStartDate: (object["recommendedStartDate"] as? String).flatMap(Self.date))
    }

    /// `POST /api/healthkit/samples`.
    public func upload(_ samples: [HealthSample], encoder: SampleEncoder) async throws -> UploadAnswer {
        let object = try await call(
            SyncRequest(method: "POST", path: "/api/healthkit/samples", body: try encoder.encode(samples)))
        var answer = UploadAnswer()
        answer.received = object["received"] as? Int ?? 0
        answer.new = object["new"] as? Int ?? 0
        answer.alreadyImported = object["alreadyImported"] as? Int ?? 0
        return answer
    }

    /// `POST /api/healthkit/deletions`.
    public func delete(_ uuids: [UUID]) async throws -> UploadAnswer {
        let body = try JSONSerialization.data(withJSONObject: uuids.map(\.uuidString))
        let object = try await call(SyncRequest(method: "POST", path: "/api/healthkit/deletions", body: body))
        var answer = UploadAnswer()
        answer.received = object["received"] as? Int ?? 0
        answer.deleted = object["deleted"] as? Int ?? 0
        answer.unknown = object["unknown"] as? Int ?? 0
        return answer
    }

    /// `POST /api/healthkit/mark-backfill-complete`.
    public func markBackfillComplete(sampleCount: Int, start: Date, end: Date) async throws {
        let formatter = ISO8601DateFormatter()
        let body = try JSONSerialization.data(withJSONObject: [
            "sampleCount": sampleCount, "startDate": formatter.string(from: start),
            "endDate": formatter.string(from: end),
        ])
        _ = try await call(SyncRequest(method: "POST", path: "/api/healthkit/mark-backfill-complete", body: body))
    }

    /// Sends `request` until it gets an answer that will not change by waiting; returns the
    /// JSON object of a 2xx, throws ``SyncError`` for the rest.
    func call(_ request: SyncRequest) async throws -> [String: Any] {
        var attempt = 0
        while true {
            attempt += 1
            var problem: String
            var retryAfter: String?
            do {
                let response = try await transport.send(request)
                switch response.status {
                case 200..<300:
                    guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
                        throw SyncError.unexpectedAnswer("\(request.path) did not answer a JSON object")
                    }
                    return object
                case 401, 403:
                    throw SyncError.unauthorized(Self.message(response))
                case let status where RetryPolicy.isRetryable(status):
                    problem = "\(request.path): \(status) \(Self.message(response))"
                    retryAfter = response.headers["retry-after"]
                default:
                    throw SyncError.refused(status: response.status, message: Self.message(response))
                }
            } catch let error as SyncError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try Task.checkCancellation()
                problem = "\(request.path): \(error.localizedDescription)"
            }
            if let maximum = retry.maximumAttempts, attempt >= maximum {
                throw SyncError.unavailable("\(problem) (after \(attempt) attempts)")
            }
            try await Task.sleep(for: retry.delay(afterAttempt: attempt, retryAfter: retryAfter))
        }
    }

    static func message(_ response: SyncResponse) -> String {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        if let error = object?["error"] as? String { return error }
        return String(decoding: response.body.prefix(200), as: UTF8.self)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
