#if PostgreSQL
import CryptoExtras
import Foundation
import JWTKit

/// An OpenID Connect issuer made up for a test: an RSA key (`rsa-1`, RS256) and an EC P-256
/// key (`ec-1`, ES256) it signs tokens with, their public halves written as a JWKS file, and
/// a foreign RSA key that is in no key set.
struct TestIssuer: Sendable {
    static let issuer = "https://issuer.healthimport.test"
    static let audience = "healthimport-sync"

    let signers = JWTKeyCollection()
    /// Signs with keys the key set does not hold: `rogue`, and one that claims to be `rsa-1`.
    let foreign = JWTKeyCollection()
    /// The public keys, as `{"keys": [...]}`.
    let jwks: String
    /// The public RSA key alone, as a JWK.
    let rsaJWK: String

    init() async throws {
        let rsa = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let ec = ES256PrivateKey()
        await signers.add(rsa: rsa, digestAlgorithm: .sha256, kid: "rsa-1")
        await signers.add(ecdsa: ec, kid: "ec-1")
        let other = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        await foreign.add(rsa: other, digestAlgorithm: .sha256, kid: "rogue")
        await foreign.add(rsa: other, digestAlgorithm: .sha256, kid: "rsa-1")
        rsaJWK = try Self.jwk(rsa.publicKey, kid: "rsa-1")
        jwks = Self.keySet([rsaJWK, Self.jwk(ec.publicKey, kid: "ec-1")])
    }

    /// `{"keys": [...]}` of `keys`.
    static func keySet(_ keys: [String]) -> String { "{\"keys\": [" + keys.joined(separator: ", ") + "]}" }

    static func jwk(_ key: JWTKit.Insecure.RSA.PublicKey, kid: String) throws -> String {
        let (modulus, exponent) = try key.getKeyPrimitives()
        return """
            {"kty": "RSA", "kid": "\(kid)", "use": "sig", "alg": "RS256", "n": "\(base64URL(modulus))", "e": "\(base64URL(exponent))"}
            """
    }

    static func jwk(_ key: ES256PublicKey, kid: String) -> String {
        let (x, y) = key.parameters!
        return #"{"kty": "EC", "kid": "\#(kid)", "crv": "P-256", "x": "\#(x)", "y": "\#(y)"}"#
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Writes the key set to a new temporary file; returns its path.
    func writeKeySet() throws -> String {
        let path = NSTemporaryDirectory() + "healthimport-jwks-" + UUID().uuidString + ".json"
        try jwks.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A token of this issuer for `subject`, valid for an hour unless the claims say otherwise.
    func token(
        _ subject: String, kid: String = "rsa-1", issuer: String = TestIssuer.issuer,
        audience: [String] = [TestIssuer.audience], expiresIn: Double = 3600, email: String? = nil,
        emailVerified: Bool? = nil, notBefore: Double? = nil, foreignKey: Bool = false
    ) async throws -> String {
        let now = Date().timeIntervalSince1970
        let claims = TestClaims(
            iss: issuer, aud: audience, exp: now + expiresIn, nbf: notBefore.map { now + $0 }, iat: now - 5,
            sub: subject, email: email, emailVerified: emailVerified)
        return try await (foreignKey ? foreign : signers).sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// `serve`'s options for this issuer, with the key set at `jwks`.
    static func options(jwks: String, claim: String = "sub", createPeople: Bool = false) -> [String] {
        ["--oidc-issuer", issuer, "--oidc-audience", audience, "--oidc-jwks", jwks, "--oidc-claim", claim]
            + (createPeople ? ["--oidc-create-people"] : [])
    }
}

/// The claims a test token carries.
struct TestClaims: JWTPayload {
    var iss: String
    var aud: [String]
    var exp: Double
    var nbf: Double?
    var iat: Double
    var sub: String
    var email: String?
    var emailVerified: Bool?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, nbf, iat, sub, email
        case emailVerified = "email_verified"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
#endif
