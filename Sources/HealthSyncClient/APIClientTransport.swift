#if SyncClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``SyncTransport`` through the client generated from the server's OpenAPI document
/// (`docs/openapi.yaml`, generated into `Generated/` by `Scripts/openapi-generate.sh`), over
/// `URLSession` (FoundationNetworking's on Linux), with the person's key as a bearer token.
///
/// Every answer the document describes arrives typed; an answer it does not describe, or one
/// whose body does not decode, becomes ``SyncResponse/failed(status:message:retryAfter:)`` with
/// its status, so the engine's retry rules read statuses alone.
public struct APIClientTransport: SyncTransport {
    public let server: URL
    /// The generated client (internal, as all the generated code).
    let client: Client

    /// `server` is the server's root (`https://health.example.com`); `token` the person's key.
    /// Without a `session`, requests time out after `timeout` seconds.
    public init(server: URL, token: String, session: URLSession? = nil, timeout: TimeInterval = 120) {
        self.server = server
        let session =
            session
            ?? {
                let configuration = URLSessionConfiguration.default
                configuration.timeoutIntervalForRequest = timeout
                return URLSession(configuration: configuration)
            }()
        // Compact JSON: pretty-printing would add whitespace to every batch a phone sends.
        client = Client(
            serverURL: server, configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
            transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: [BearerTokenMiddleware(token: token)])
    }

    public func send(_ request: SyncRequest) async throws -> SyncResponse {
        do {
            switch request {
            case .syncStatus:
                return try await syncStatus()
            case .uploadSamples(let samples, let encoder):
                return try await upload(samples, encoder: encoder)
            case .deleteSamples(let uuids):
                return try await delete(uuids)
            case .markBackfillComplete(let sampleCount, let start, let end):
                return try await markBackfillComplete(sampleCount: sampleCount, start: start, end: end)
            }
        } catch let error as ClientError {
            guard let response = error.response else { throw error.underlyingError }
            // An answer came, but not one the document describes.
            guard response.status.kind != .successful else {
                throw SyncError.unexpectedAnswer("\(request.path): \(error.underlyingError)")
            }
            return .failed(
                status: response.status.code, message: "\(error.underlyingError)",
                retryAfter: response.headerFields[.retryAfter])
        }
    }

    private func syncStatus() async throws -> SyncResponse {
        switch try await client.getSyncStatus() {
        case .ok(let ok):
            let status = try ok.body.json
            return .syncStatus(
                SyncStatus(
                    backfillComplete: status.backfillComplete, needsHistoricalSync: status.needsHistoricalSync,
                    recommendedStartDate: status.recommendedStartDate.flatMap(SyncAPI.date)))
        case .unauthorized(let answer): return Self.failed(401, try? answer.body.json)
        case .serviceUnavailable(let answer): return Self.failed(503, answer)
        case .undocumented(let status, let payload): return await Self.failed(status, payload)
        }
    }

    private func upload(_ samples: [HealthSample], encoder: SampleEncoder) async throws -> SyncResponse {
        switch try await client.uploadSamples(body: .json(.case1(encoder.payload(samples)))) {
        case .ok(let ok):
            let counts = try ok.body.json
            var answer = UploadAnswer()
            answer.received = counts.received
            answer.new = counts.new
            answer.updated = counts.updated ?? 0
            answer.alreadyImported = counts.alreadyImported
            return .uploaded(answer)
        case .badRequest(let answer): return Self.failed(400, try? answer.body.json)
        case .unauthorized(let answer): return Self.failed(401, try? answer.body.json)
        case .forbidden(let answer): return Self.failed(403, try? answer.body.json)
        case .conflict(let answer): return Self.failed(409, answer)
        case .contentTooLarge(let answer): return Self.failed(413, try? answer.body.json)
        case .serviceUnavailable(let answer): return Self.failed(503, answer)
        case .undocumented(let status, let payload): return await Self.failed(status, payload)
        }
    }

    private func delete(_ uuids: [UUID]) async throws -> SyncResponse {
        switch try await client.deleteSamples(body: .json(uuids.map(\.uuidString))) {
        case .ok(let ok):
            let counts = try ok.body.json
            var answer = UploadAnswer()
            answer.received = counts.received
            answer.deleted = counts.deleted
            answer.unknown = counts.unknown
            return .uploaded(answer)
        case .badRequest(let answer): return Self.failed(400, try? answer.body.json)
        case .unauthorized(let answer): return Self.failed(401, try? answer.body.json)
        case .forbidden(let answer): return Self.failed(403, try? answer.body.json)
        case .conflict(let answer): return Self.failed(409, answer)
        case .contentTooLarge(let answer): return Self.failed(413, try? answer.body.json)
        case .serviceUnavailable(let answer): return Self.failed(503, answer)
        case .undocumented(let status, let payload): return await Self.failed(status, payload)
        }
    }

    private func markBackfillComplete(sampleCount: Int, start: Date, end: Date) async throws -> SyncResponse {
        let formatter = ISO8601DateFormatter()
        let report = Components.Schemas.BackfillReport(
            sampleCount: sampleCount, startDate: formatter.string(from: start), endDate: formatter.string(from: end))
        switch try await client.markBackfillComplete(body: .json(report)) {
        case .ok: return .backfillMarkedComplete
        case .badRequest(let answer): return Self.failed(400, try? answer.body.json)
        case .unauthorized(let answer): return Self.failed(401, try? answer.body.json)
        case .forbidden(let answer): return Self.failed(403, try? answer.body.json)
        case .conflict(let answer): return Self.failed(409, answer)
        case .serviceUnavailable(let answer): return Self.failed(503, answer)
        case .undocumented(let status, let payload): return await Self.failed(status, payload)
        }
    }

    private static func failed(_ status: Int, _ error: Components.Schemas._Error?) -> SyncResponse {
        .failed(status: status, message: error?.error ?? "", retryAfter: nil)
    }

    private static func failed(_ status: Int, _ answer: Components.Responses.Unavailable) -> SyncResponse {
        .failed(
            status: status, message: (try? answer.body.json)?.error ?? "",
            retryAfter: answer.headers.retryAfter.map(String.init))
    }

    private static func failed(_ status: Int, _ answer: Components.Responses.Conflict) -> SyncResponse {
        .failed(
            status: status, message: (try? answer.body.json)?.error ?? "",
            retryAfter: answer.headers.retryAfter.map(String.init))
    }

    /// An answer the document does not describe: the start of its body as the message.
    private static func failed(_ status: Int, _ payload: UndocumentedPayload) async -> SyncResponse {
        var message = ""
        if let body = payload.body, let data = try? await Data(collecting: body, upTo: 4_096) {
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            message = object?["error"] as? String ?? String(decoding: data.prefix(200), as: UTF8.self)
        }
        return .failed(status: status, message: message, retryAfter: payload.headerFields[.retryAfter])
    }
}
#endif
