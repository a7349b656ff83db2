#if PostgreSQL
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// A middleware of the generated client that keeps each JSON answer's raw body, so a test can
/// check that the typed value it decoded holds every field the server sent: a field the
/// document does not describe would be dropped by the decoder, and fails the check.
actor ContractRecorder: ClientMiddleware {
    private var bodies: [String: Data] = [:]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard let responseBody, response.headerFields[.contentType]?.hasPrefix("application/json") == true else {
            return (response, responseBody)
        }
        let data = try await Data(collecting: responseBody, upTo: 16 << 20)
        bodies[operationID] = data
        return (response, HTTPBody(data))
    }

    /// Expects the last JSON answer of `operationID` to hold nothing that `typed`, encoded again,
    /// lacks (nulls aside: the generated types leave absent what the server sends as null).
    func expectDescribed(
        _ operationID: String, _ typed: some Encodable, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let raw = try #require(bodies[operationID], "no JSON answer of \(operationID)", sourceLocation: sourceLocation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let decoded = try JSONSerialization.jsonObject(with: encoder.encode(typed), options: [.fragmentsAllowed])
        let sent = try JSONSerialization.jsonObject(with: raw, options: [.fragmentsAllowed])
        let missing = Self.undescribed(sent, decoded, path: operationID)
        #expect(missing.isEmpty, "fields the document does not describe: \(missing)", sourceLocation: sourceLocation)
    }

    /// The paths of `sent`'s fields (not null) that `decoded` lacks.
    static func undescribed(_ sent: Any, _ decoded: Any, path: String) -> [String] {
        if let sent = sent as? [String: Any] {
            guard let decoded = decoded as? [String: Any] else { return [path] }
            return sent.keys.sorted().flatMap { key -> [String] in
                guard let value = sent[key], !(value is NSNull) else { return [] }
                guard let other = decoded[key] else { return ["\(path).\(key)"] }
                return undescribed(value, other, path: "\(path).\(key)")
            }
        }
        if let sent = sent as? [Any] {
            guard let decoded = decoded as? [Any], decoded.count == sent.count else { return [path] }
            return zip(sent, decoded).enumerated().flatMap { undescribed($1.0, $1.1, path: "\(path)[\($0)]") }
        }
        return []
    }
}
#endif
