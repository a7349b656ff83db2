#if PostgreSQL
import Foundation
import JWTKit
import Logging

/// Verifies OpenID Connect sign-in tokens (JWTs signed RS256 or ES256) and names the person
/// each signs in.
///
/// A token passes when its signature verifies with a key of the issuer's key set (the one its
/// `kid` names), `iss` is the issuer, `aud` contains the audience, it has not expired, `nbf`
/// and `iat` are not in the future (each within ``OIDCSettings/leewaySeconds``), and the
/// chosen claim holds one word. A key set read from a URL is fetched again when a token names
/// a key it does not hold, at most once per ``OIDCSettings/refreshSeconds``.
public actor OIDCVerifier {
    /// The issuer, audience, key set and claim this verifier checks against.
    public nonisolated let settings: OIDCSettings
    private var keys: JWTKeyCollection
    private var keyIDs: Set<String>
    private var lastFetch: ContinuousClock.Instant
    private let logger: Logger

    private init(settings: OIDCSettings, keys: JWTKeyCollection, keyIDs: Set<String>, logger: Logger) {
        self.settings = settings
        self.keys = keys
        self.keyIDs = keyIDs
        self.lastFetch = .now
        self.logger = logger
    }

    /// Reads or fetches the issuer's key set; throws when it cannot be had or holds no usable key.
    public static func start(_ settings: OIDCSettings, logger: Logger = Logger(label: "healthimport.oidc"))
        async throws(OIDCSetupError) -> OIDCVerifier
    {
        let jwks = try await settings.keySet.load(timeout: settings.fetchTimeoutSeconds)
        let (keys, keyIDs) = try await collection(of: jwks, from: settings.keySet)
        return OIDCVerifier(settings: settings, keys: keys, keyIDs: keyIDs, logger: logger)
    }

    /// The ids (`kid`) of the keys held now.
    public var keyIdentifiers: Set<String> { keyIDs }

    /// The keys of `jwks` that can verify RS256 or ES256 tokens, by their `kid`; others
    /// (encryption keys, other curves) are left out.
    private static func collection(of jwks: JWKS, from source: JWKSSource) async throws(OIDCSetupError)
        -> (JWTKeyCollection, Set<String>)
    {
        let keys = JWTKeyCollection()
        var keyIDs: Set<String> = []
        for jwk in jwks.keys where jwk.keyType == .rsa || jwk.keyType == .ecdsa {
            guard let kid = jwk.keyIdentifier?.string, (try? await keys.add(jwk: jwk)) != nil else { continue }
            keyIDs.insert(kid)
        }
        guard !keyIDs.isEmpty else {
            throw OIDCSetupError("the key set \(source) holds no RSA or EC key with a kid to verify tokens with")
        }
        return (keys, keyIDs)
    }

    /// Whether `token` is shaped as a JWT (three base64url parts, the first a JSON object),
    /// as opposed to a key of `people add`.
    public static func looksLikeJWT(_ token: String) -> Bool { header(of: token) != nil }

    /// The person `token` signs in: the value of the configured claim. Throws an
    /// ``OIDCRejection`` naming the check that failed.
    public func person(for token: String, now: Date = Date()) async throws(OIDCRejection) -> String {
        guard let header = Self.header(of: token) else {
            throw OIDCRejection("format", "not a JWT (three base64url parts, the first a JSON header)")
        }
        let algorithm = header["alg"] as? String
        guard algorithm == "RS256" || algorithm == "ES256" else {
            throw OIDCRejection("alg", "signed with \(algorithm ?? "no algorithm"); only RS256 and ES256 are taken")
        }
        let kid = header["kid"] as? String
        if let kid, !keyIDs.contains(kid) {
            await refreshIfDue()
            guard keyIDs.contains(kid) else {
                throw OIDCRejection("signature", "signed with key \(kid), which is not in the issuer's key set")
            }
        }
        let claims = try await verifiedClaims(of: token, kid: kid)
        try check(claims, now: now.timeIntervalSince1970)
        return try personName(in: claims)
    }

    private func verifiedClaims(of token: String, kid: String?) async throws(OIDCRejection) -> IDTokenClaims {
        do {
            return try await keys.verify(token, as: IDTokenClaims.self, iteratingKeys: kid == nil)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw OIDCRejection("signature", "the signature does not verify with the issuer's key \(kid ?? "")")
        } catch let error as JWTError where error.errorType == .malformedToken {
            throw OIDCRejection("format", "the token's parts are not base64url JSON claims")
        } catch {
            throw OIDCRejection("signature", "the token cannot be verified with the issuer's key \(kid ?? "")")
        }
    }

    /// The issuer, the audience and the times, in that order.
    private func check(_ claims: IDTokenClaims, now: Double) throws(OIDCRejection) {
        guard let issuer = claims.iss, issuer == settings.issuer else {
            throw OIDCRejection("iss", "the token's issuer is \(claims.iss ?? "missing"), not \(settings.issuer)")
        }
        let audiences = claims.aud?.value ?? []
        guard audiences.contains(settings.audience) else {
            let named = audiences.isEmpty ? "no audience" : audiences.joined(separator: ", ")
            throw OIDCRejection("aud", "the token is for \(named), not \(settings.audience)")
        }
        let leeway = settings.leewaySeconds
        guard let expiry = claims.exp else { throw OIDCRejection("exp", "the token has no expiry (exp)") }
        guard now <= expiry + leeway else {
            throw OIDCRejection("exp", "the token expired \(Int(now - expiry)) s ago: sign in again")
        }
        if let notBefore = claims.nbf, now + leeway < notBefore {
            throw OIDCRejection("nbf", "the token is not valid for another \(Int(notBefore - now)) s (nbf)")
        }
        if let issued = claims.iat, now + leeway < issued {
            throw OIDCRejection("iat", "the token was issued \(Int(issued - now)) s in the future: check the clocks")
        }
    }

    /// The configured claim's value, one word; an email address in lower case, refused unless
    /// the issuer says it verified it (`email_verified`: anyone may claim an address).
    private func personName(in claims: IDTokenClaims) throws(OIDCRejection) -> String {
        let claim = settings.claim
        let value: String?
        switch claim {
        case .sub: value = claims.sub
        case .email:
            if claims.emailVerified?.value != true {
                throw OIDCRejection("email", "the issuer has not verified the email address (email_verified)")
            }
            value = claims.email?.lowercased()
        }
        guard let value, !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw OIDCRejection(
                claim.rawValue, "the token has no \(claim.rawValue) claim of one word to name the person")
        }
        return value
    }

    /// Fetches a key set URL again, unless the last fetch was less than
    /// ``OIDCSettings/refreshSeconds`` ago; keeps the keys held when the fetch fails.
    private func refreshIfDue() async {
        guard case .url = settings.keySet,
            ContinuousClock.now - lastFetch >= .milliseconds(Int64(settings.refreshSeconds * 1000))
        else { return }
        lastFetch = .now
        do {
            let jwks = try await settings.keySet.load(timeout: settings.fetchTimeoutSeconds)
            (keys, keyIDs) = try await Self.collection(of: jwks, from: settings.keySet)
            logger.notice("fetched the key set again", metadata: ["keys": "\(keyIDs.sorted())"])
        } catch {
            logger.notice("cannot refresh the sign-in key set: \(error.message)")
        }
    }

    /// The JSON header of `token`, when it has three non-empty base64url parts.
    private static func header(of token: String) -> [String: Any]? {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isBase64URL) }),
            let data = base64URLDecoded(parts[0])
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func base64URLDecoded(_ part: Substring.UTF8View) -> Data? {
        var text = String(decoding: part, as: UTF8.self)
        text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }
}
#endif
