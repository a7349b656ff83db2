#if PostgreSQL
import HealthJSON
import Hummingbird

/// Why a sign-in token is refused: the check that failed (`signature`, `exp`, `iss`, `aud`…)
/// and a sentence. Neither ever holds the token.
public struct OIDCRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The check that failed: `format`, `alg`, `signature`, `exp`, `nbf`, `iat`, `iss`, `aud`,
    /// the person's claim (`sub` or `email`), or `person` for a person the server does not know.
    public var check: String
    /// What failed, in one sentence.
    public var message: String

    init(_ check: String, _ message: String) {
        self.check = check
        self.message = message
    }

    /// The check and the message, as `exp: the token expired 30 s ago: sign in again`.
    public var description: String { "\(check): \(message)" }

    /// The answer: `401` with `WWW-Authenticate: Bearer error="invalid_token"` and
    /// `{"error": …, "check": …}`.
    var response: Response {
        var out = JSONBuffer(capacity: 256)
        out.beginObject()
        out.field("error", "sign-in token refused: \(message)")
        out.field("check", check)
        out.endObject()
        var response = Reply.json(out.text, status: .unauthorized)
        response.headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\""
        return response
    }
}
#endif
