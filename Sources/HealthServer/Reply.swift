#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import Hummingbird

/// A failure a client caused or can act on: its status and a one-line message.
struct ServerFailure: Error {
    var status: HTTPResponse.Status
    var message: String
    /// Seconds after which the same request may succeed (`Retry-After`), for a refusal that
    /// waits on another request of the person, such as their running upload.
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }
}

/// The server's answers: JSON objects, errors as `{"error": "message"}`.
enum Reply {
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var body = text
        if !body.hasSuffix("\n") { body += "\n" }
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(errorJSON(message), status: status)
    }

    /// The seconds a `503` asks the client to wait before it tries again (the database is
    /// down, or restarting).
    static let retryAfterSeconds = 5

    /// The answer for an error thrown by a route: `503` with `Retry-After` while the database
    /// cannot be reached.
    static func failure(_ error: any Error) -> Response {
        // A refused sign-in token also names the failed check and asks for a new token.
        if let rejection = error as? OIDCRejection { return rejection.response }
        let (status, message) = describe(error)
        var response = Self.error(status, message)
        if status == .serviceUnavailable { response.headers[.retryAfter] = "\(retryAfterSeconds)" }
        if let seconds = (error as? ServerFailure)?.retryAfter { response.headers[.retryAfter] = "\(seconds)" }
        return response
    }

    /// The status and message that answer `error`.
    static func describe(_ error: any Error) -> (status: HTTPResponse.Status, message: String) {
        switch error {
        case let failure as ServerFailure: (failure.status, failure.message)
        case let rejection as OIDCRejection: (.unauthorized, rejection.message)
        case let error as StoreError where error.code == .unavailable: (.serviceUnavailable, error.message)
        case let error as StoreError: (error.code == .locked ? .conflict : .internalServerError, error.message)
        case let error as ExportError: (.badRequest, error.description)
        // The person's stored records disagree with the export: another person's, or a broken one.
        case let refused as DeletionsRefused: (.conflict, refused.reason)
        default: (.internalServerError, "\(error)")
        }
    }

    /// The body of ``error(_:_:)``: `{"error": message}`.
    static func errorJSON(_ message: String) -> String {
        var out = JSONBuffer(capacity: 256)
        out.beginObject()
        out.field("error", message)
        out.endObject()
        return out.text
    }
}

extension JSONBuffer {
    /// `"name": value`, or `"name": null` for `nil` (where the key is part of the API).
    mutating func fieldOrNull(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }
}
#endif
