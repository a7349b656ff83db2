#if SyncClient
import Foundation
import HealthSyncClient

/// A transport between the engine and the server that fails as a network does: it answers 503
/// (with `Retry-After: 0`) to the next `unavailable` requests without passing them on, and it
/// can stop the engine right after the server acknowledged the `stopAfter`-th samples batch,
/// before the engine saw the answer (a phone killed mid-batch).
actor FaultyTransport: SyncTransport {
    let server: any SyncTransport
    var unavailable = 0
    var answered503 = 0
    var stopAfter: Int?
    var samplesBatches = 0

    init(server: any SyncTransport) {
        self.server = server
    }

    func failNext(_ count: Int) { unavailable = count }

    func stop(afterSamplesBatch count: Int?) {
        stopAfter = count
        samplesBatches = 0
    }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        if unavailable > 0 {
            unavailable -= 1
            answered503 += 1
            return .failed(status: 503, message: "starting", retryAfter: "0")
        }
        let response = try await server.send(request)
        if case .uploadSamples = request {
            samplesBatches += 1
            if let stopAfter, samplesBatches == stopAfter { throw CancellationError() }
        }
        return response
    }
}
#endif
