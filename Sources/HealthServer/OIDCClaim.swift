#if PostgreSQL
/// The claim of a sign-in token whose value names the person (`serve --oidc-claim`).
public enum OIDCClaim: String, Sendable, CaseIterable {
    /// The issuer's stable id of the user: never reused, but rarely readable.
    case sub
    /// The user's email address; refused when the issuer says it is not verified.
    case email
}
#endif
