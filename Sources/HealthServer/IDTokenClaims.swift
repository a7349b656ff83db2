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
    var emailVerified: BoolClaim?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, nbf, iat, sub, email
        case emailVerified = "email_verified"
    }

    /// Nothing: ``OIDCVerifier`` checks the claims itself, to say which one failed.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
#endif
