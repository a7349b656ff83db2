#if PostgreSQL
import ArgumentParser
import HealthPostgres
import HealthServer

/// `serve`'s sign-in with OpenID Connect: the issuer whose tokens it takes beside the keys.
struct OIDCOptions: ParsableArguments {
    @Option(
        name: .customLong("oidc-issuer"),
        help: ArgumentHelp(
            "Take sign-in tokens (JWTs) of this OpenID Connect issuer, exactly as their iss claim says.",
            valueName: "url"))
    var issuer: String?

    @Option(
        name: .customLong("oidc-audience"),
        help: ArgumentHelp(
            "This server's client id at the issuer: a token's aud must contain it.", valueName: "aud"))
    var audience: String?

    @Option(
        name: .customLong("oidc-jwks"),
        help: ArgumentHelp(
            "The issuer's JSON Web Key Set: a file, or its http(s) URL (fetched at start and when a token names a new key).",
            valueName: "file|url"))
    var jwks: String?

    @Option(
        name: .customLong("oidc-claim"),
        help: ArgumentHelp("The claim whose value is the person's name.", valueName: "sub|email"))
    var claim: String?

    @Flag(
        name: .customLong("oidc-create-people"),
        help: "Add a person the first time they sign in (otherwise an unknown person gets 401).")
    var createPeople = false

    /// The settings these options give, `nil` without `--oidc-issuer`; throws for a combination
    /// that cannot work.
    func settings() throws(OIDCSetupError) -> OIDCSettings? {
        guard let issuer else {
            let stray = [
                audience.map { _ in "--oidc-audience" }, jwks.map { _ in "--oidc-jwks" },
                claim.map { _ in "--oidc-claim" }, createPeople ? "--oidc-create-people" : nil,
            ].compactMap { $0 }
            guard stray.isEmpty else {
                throw OIDCSetupError(
                    "\(stray.joined(separator: ", ")) \(stray.count == 1 ? "needs" : "need") --oidc-issuer URL")
            }
            return nil
        }
        guard issuer.hasPrefix("https://") || issuer.hasPrefix("http://") else {
            throw OIDCSetupError("--oidc-issuer must be the issuer's http(s) URL (got \(issuer))")
        }
        guard let audience, !audience.isEmpty else {
            throw OIDCSetupError("--oidc-issuer needs --oidc-audience, this server's client id at the issuer")
        }
        guard let jwks else {
            throw OIDCSetupError("--oidc-issuer needs --oidc-jwks, the issuer's key set (a file or its jwks_uri)")
        }
        guard let chosen = OIDCClaim(rawValue: claim ?? OIDCClaim.sub.rawValue) else {
            throw OIDCSetupError("--oidc-claim is sub or email (got \(claim ?? ""))")
        }
        var settings = OIDCSettings(
            issuer: issuer, audience: audience, keySet: try JWKSSource(parsing: jwks), claim: chosen)
        settings.createPeople = createPeople
        return settings
    }

    /// The verifier for these options, its key set read or fetched; `nil` without `--oidc-issuer`.
    func verifier() throws(OIDCSetupError) -> OIDCVerifier? {
        guard let settings = try settings() else { return nil }
        do {
            return try AsyncWait.run { try await OIDCVerifier.start(settings) }
        } catch let error as OIDCSetupError {
            throw error
        } catch {
            throw OIDCSetupError("\(error)")
        }
    }
}
#endif
