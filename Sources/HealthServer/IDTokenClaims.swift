#if PostgreSQL
import JWTKit

/// The claims of a sign-in token that `serve` reads. Every one is optional here, so that a
/// missing claim is told as the check it fails rather than as a malformed token.
struct IDTokenClaims: JWTPayload {
    var iss: String?
    var aud: AudienceClaim?
    var exp: Double?
    var nbf: Double?
    var iat: Double?
    var sub: String?
    var email: String?
    var emailVerified: VerifiedClaim?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, nbf, iat, sub, email
        case emailVerified = "email_verified"
    }

    /// Nothing: ``OIDCVerifier`` checks the claims itself, to say which one failed.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// `email_verified` as issuers write it: `true`, `"true"` or `1`; anything else is not verified
/// (and no reason to call the token malformed).
struct VerifiedClaim: Codable, Sendable {
    var value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let text = try? container.decode(String.self) {
            value = text.lowercased() == "true"
        } else if let number = try? container.decode(Int.self) {
            value = number == 1
        } else {
            value = false
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
#endif
