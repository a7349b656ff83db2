#if SyncClient
import Foundation

/// The sync server's routes over a ``SyncTransport``, with the retry policy: answers that may
/// pass later are sent again, a refusal is thrown as ``SyncError``.
public struct SyncAPI: Sendable {
    public let transport: any SyncTransport
    public var retry: RetryPolicy

    public init(transport: any SyncTransport, retry: RetryPolicy = RetryPolicy()) {
        self.transport = transport
        self.retry = retry
    }

    public func syncStatus() async throws -> SyncStatus {
        let request = SyncRequest.syncStatus
        guard case .syncStatus(let status) = try await call(request) else { throw Self.unexpected(request) }
        return status
    }

    /// `POST /api/healthkit/samples`.
    public func upload(_ samples: [HealthSample], encoder: SampleEncoder) async throws -> UploadAnswer {
        let request = SyncRequest.uploadSamples(samples, encoder: encoder)
        guard case .uploaded(let answer) = try await call(request) else { throw Self.unexpected(request) }
        return answer
    }

    /// `POST /api/healthkit/deletions`.
    public func delete(_ uuids: [UUID]) async throws -> UploadAnswer {
        let request = SyncRequest.deleteSamples(uuids)
        guard case .uploaded(let answer) = try await call(request) else { throw Self.unexpected(request) }
        return answer
    }

    /// `POST /api/healthkit/mark-backfill-complete`.
    public func markBackfillComplete(sampleCount: Int, start: Date, end: Date) async throws {
        let request = SyncRequest.markBackfillComplete(sampleCount: sampleCount, start: start, end: end)
        guard case .backfillMarkedComplete = try await call(request) else { throw Self.unexpected(request) }
    }

    /// Sends `request` until it gets an answer that will not change by waiting; returns a 2xx's
    /// answer, throws ``SyncError`` for the rest.
    func call(_ request: SyncRequest) async throws -> SyncResponse {
        var attempt = 0
        while true {
            attempt += 1
            var problem: String
            var retryAfter: String?
            do {
                let response = try await transport.send(request)
                guard case .failed(let status, let message, let after) = response else { return response }
                switch status {
                case 401, 403:
                    throw SyncError.unauthorized(message)
                case let status where RetryPolicy.isRetryable(status):
                    problem = "\(request.path): \(status) \(message)"
                    retryAfter = after
                default:
                    throw SyncError.refused(status: status, message: message)
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

    static func unexpected(_ request: SyncRequest) -> SyncError {
        SyncError.unexpectedAnswer("\(request.path) answered another route's answer")
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
#endif
