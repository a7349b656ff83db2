#if PostgreSQL
/// How `serve` signs people in with OpenID Connect: whose tokens it takes, for which audience,
/// the issuer's keys and which claim names the person.
public struct OIDCSettings: Sendable {
    /// The issuer, exactly as tokens carry it in `iss` (`https://accounts.example.com`).
    public var issuer: String
    /// This server's client id at the issuer: `aud` must contain it.
    public var audience: String
    /// Where the issuer's keys are.
    public var keySet: JWKSSource
    /// The claim whose value is the person's name.
    public var claim: OIDCClaim
    /// Whether a token naming a person the server does not know adds them; otherwise `401`.
    public var createPeople = false
    /// The clock difference allowed for `exp`, `nbf` and `iat`, in seconds.
    public var leewaySeconds: Double = 60
    /// The least time between two fetches of a key set URL, in seconds: a token naming an
    /// unknown key fetches it again at most this often.
    public var refreshSeconds: Double = 60
    /// The longest one fetch of a key set URL may take, in seconds.
    public var fetchTimeoutSeconds: Double = 10

    /// Settings for tokens of `issuer` for `audience`, verified with the keys of `keySet`.
    public init(issuer: String, audience: String, keySet: JWKSSource, claim: OIDCClaim) {
        self.issuer = issuer
        self.audience = audience
        self.keySet = keySet
        self.claim = claim
    }
}
#endif
