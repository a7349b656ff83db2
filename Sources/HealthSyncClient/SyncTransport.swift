#if SyncClient
import Foundation

/// One request of the sync API.
public enum SyncRequest: Sendable {
    /// `GET /api/healthkit/sync-status`.
    case syncStatus
    /// `POST /api/healthkit/samples`: one batch, written by `encoder`.
    case uploadSamples([HealthSample], encoder: SampleEncoder)
    /// `POST /api/healthkit/deletions`: the HealthKit UUIDs of deleted samples.
    case deleteSamples([UUID])
    /// `POST /api/healthkit/mark-backfill-complete`.
    case markBackfillComplete(sampleCount: Int, start: Date, end: Date)

    /// The route's path, for messages.
    public var path: String {
        switch self {
        case .syncStatus: "/api/healthkit/sync-status"
        case .uploadSamples: "/api/healthkit/samples"
        case .deleteSamples: "/api/healthkit/deletions"
        case .markBackfillComplete: "/api/healthkit/mark-backfill-complete"
        }
    }
}

/// The server's answer to a ``SyncRequest``.
public enum SyncResponse: Sendable, Equatable {
    case syncStatus(SyncStatus)
    /// The counts of a samples or deletions batch.
    case uploaded(UploadAnswer)
    case backfillMarkedComplete
    /// Any answer but a 2xx: its status, the server's message and its `Retry-After` header.
    case failed(status: Int, message: String, retryAfter: String?)
}

/// Sends the sync API's requests with the person's token; throws only when no answer came
/// (the engine retries those). ``APIClientTransport``, over the client generated from the
/// server's OpenAPI document, is the default; tests wrap it to inject faults.
public protocol SyncTransport: Sendable {
    func send(_ request: SyncRequest) async throws -> SyncResponse
}
#endif
