#if PostgreSQL
import Foundation
import JWTKit
import Testing

@testable import HealthServer

@Suite("The sign-in token verifier")
struct OIDCVerifierTests {
    static func settings(_ keySet: JWKSSource, claim: OIDCClaim = .sub) -> OIDCSettings {
        OIDCSettings(issuer: TestIssuer.issuer, audience: TestIssuer.audience, keySet: keySet, claim: claim)
    }

    /// The check `token` fails at `now`, or `nil` when it passes.
    static func failedCheck(_ verifier: OIDCVerifier, _ token: String, now: Date = Date()) async -> String? {
        do {
            _ = try await verifier.person(for: token, now: now)
            return nil
        } catch {
            return error.check
        }
    }

    @Test("RS256 and ES256 tokens of the issuer name their person; issuer, audience and times are checked")
    func claims() async throws {
        let issuer = try await TestIssuer()
        let verifier = try await OIDCVerifier.start(Self.settings(.file(issuer.writeKeySet())))
        #expect(await verifier.keyIdentifiers == ["rsa-1", "ec-1"])
        #expect(try await verifier.person(for: issuer.token("alice")) == "alice")
        #expect(try await verifier.person(for: issuer.token("bob", kid: "ec-1")) == "bob")
        let several = try await issuer.token("alice", audience: ["another-app", TestIssuer.audience])
        #expect(try await verifier.person(for: several) == "alice")

        let token = try await issuer.token("alice", expiresIn: 600)
        // Within the minute's leeway a token still passes; past it, it has expired.
        #expect(await Self.failedCheck(verifier, token, now: Date().addingTimeInterval(630)) == nil)
        #expect(await Self.failedCheck(verifier, token, now: Date().addingTimeInterval(700)) == "exp")
        #expect(try await Self.failedCheck(verifier, issuer.token("alice", notBefore: 30)) == nil)
        #expect(try await Self.failedCheck(verifier, issuer.token("alice", notBefore: 300)) == "nbf")
        #expect(await Self.failedCheck(verifier, token, now: Date().addingTimeInterval(-300)) == "iat")
        #expect(try await Self.failedCheck(verifier, issuer.token("alice", issuer: TestIssuer.issuer + "/")) == "iss")
        #expect(try await Self.failedCheck(verifier, issuer.token("alice", audience: [])) == "aud")
        #expect(try await Self.failedCheck(verifier, issuer.token("two words")) == "sub")
        #expect(
            try await Self.failedCheck(verifier, issuer.token("alice", kid: "rogue", foreignKey: true)) == "signature")
        #expect(try await Self.failedCheck(verifier, issuer.token("alice", foreignKey: true)) == "signature")
        let parts = try await issuer.token("alice").split(separator: ".")
        let tampered = parts[0] + "." + TestIssuer.base64URL(Data(#"{"sub":"mallory"}"#.utf8)) + "." + parts[2]
        #expect(await Self.failedCheck(verifier, String(tampered)) == "signature")
    }

    @Test("Only RS256 and ES256 are taken, and a bearer that is no JWT is told apart from one that is")
    func shapes() async throws {
        let issuer = try await TestIssuer()
        let verifier = try await OIDCVerifier.start(Self.settings(.file(issuer.writeKeySet())))
        let token = try await issuer.token("alice")
        #expect(OIDCVerifier.looksLikeJWT(token))
        #expect(!OIDCVerifier.looksLikeJWT("hi_0123456789abcdef"))
        #expect(!OIDCVerifier.looksLikeJWT("admin.token.here"), "a header that is not JSON")
        #expect(!OIDCVerifier.looksLikeJWT(String(token.prefix { $0 != "." })))

        let hmac = JWTKeyCollection()
        await hmac.add(hmac: "a shared secret of at least thirty-two bytes", digestAlgorithm: .sha256, kid: "rsa-1")
        let now = Date().timeIntervalSince1970
        let claims = TestClaims(
            iss: TestIssuer.issuer, aud: [TestIssuer.audience], exp: now + 600, iat: now, sub: "alice")
        let symmetric = try await hmac.sign(claims, kid: "rsa-1")
        #expect(await Self.failedCheck(verifier, symmetric) == "alg")
        let payload = token.split(separator: ".")[1]
        let unsigned = TestIssuer.base64URL(Data(#"{"alg":"none","kid":"rsa-1"}"#.utf8)) + "." + payload + ".AA"
        #expect(await Self.failedCheck(verifier, unsigned) == "alg")
    }

    @Test("The email claim is lower-cased, and refused unless the issuer says it verified it")
    func email() async throws {
        let issuer = try await TestIssuer()
        let verifier = try await OIDCVerifier.start(Self.settings(.file(issuer.writeKeySet()), claim: .email))
        let verified = try await issuer.token("248289761001", email: "Jo@Example.org", emailVerified: true)
        #expect(try await verifier.person(for: verified) == "jo@example.org")
        // Without `email_verified` the issuer has not said it checked the address.
        #expect(try await Self.failedCheck(verifier, issuer.token("248289761001", email: "jo@example.org")) == "email")
        let unverified = try await issuer.token("248289761001", email: "jo@example.org", emailVerified: false)
        #expect(await Self.failedCheck(verifier, unverified) == "email")
        #expect(try await Self.failedCheck(verifier, issuer.token("248289761001")) == "email")
    }

    @Test("email_verified as issuers write it: true, \"true\" or 1; anything else is not verified, not malformed")
    func verifiedForms() throws {
        for (json, verified) in [
            ("true", true), ("\"true\"", true), ("1", true), ("false", false), ("0", false), ("\"yes\"", false),
            ("null", nil), ("{}", false),
        ] as [(String, Bool?)] {
            let claims = try JSONDecoder().decode(
                IDTokenClaims.self, from: Data(#"{"sub":"248289761001","email_verified":\#(json)}"#.utf8))
            #expect(claims.emailVerified?.value == verified, "\(json)")
        }
    }

    @Test("A key set URL is fetched again for a token naming an unknown key, at most once per interval")
    func refresh() async throws {
        let issuer = try await TestIssuer()
        let server = try KeySetServer(keySet: TestIssuer.keySet([issuer.rsaJWK]))
        let url = try #require(URL(string: server.url))
        var settings = Self.settings(.url(url))
        let slow = try await OIDCVerifier.start(settings)
        var eager = settings
        eager.refreshSeconds = 0
        let quick = try await OIDCVerifier.start(eager)
        #expect(server.fetches == 2)
        #expect(await slow.keyIdentifiers == ["rsa-1"])

        // The issuer adds its EC key: the eager verifier fetches it for the first token that
        // names it; the other has fetched less than a minute ago and refuses it.
        server.keySet(issuer.jwks)
        let ec = try await issuer.token("alice", kid: "ec-1")
        #expect(await Self.failedCheck(slow, ec) == "signature")
        #expect(server.fetches == 2)
        #expect(try await quick.person(for: ec) == "alice")
        #expect(server.fetches == 3)
        #expect(await quick.keyIdentifiers == ["rsa-1", "ec-1"])
        // A key that is in no set is refused after one more fetch.
        #expect(try await Self.failedCheck(quick, issuer.token("alice", kid: "rogue", foreignKey: true)) == "signature")
        #expect(server.fetches == 4)

        settings.keySet = .url(URL(string: "http://127.0.0.1:9/jwks.json")!)
        settings.fetchTimeoutSeconds = 5
        await #expect(throws: OIDCSetupError.self) { try await OIDCVerifier.start(settings) }
        do {
            _ = try await OIDCVerifier.start(settings)
        } catch {
            #expect(error.isUnavailable)
            #expect(error.message.hasPrefix("cannot fetch the key set http://127.0.0.1:9/jwks.json"))
        }
    }

    @Test("A key set keeps the keys it can verify with and leaves out the others")
    func mixedKeySet() async throws {
        let issuer = try await TestIssuer()
        let path = NSTemporaryDirectory() + "healthimport-jwks-" + UUID().uuidString + ".json"
        let others = [
            #"{"kty": "oct", "kid": "hmac", "k": "c2VjcmV0"}"#,
            #"{"kty": "RSA", "kid": "odd", "alg": "XYZ1", "n": "AQAB", "e": "AQAB"}"#,
            #""not a key""#, issuer.rsaJWK,
        ]
        try TestIssuer.keySet(others).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let verifier = try await OIDCVerifier.start(Self.settings(.file(path)))
        #expect(await verifier.keyIdentifiers == ["rsa-1"])
        #expect(try await verifier.person(for: issuer.token("alice")) == "alice")
    }

    @Test("A key set with no RSA or EC signing key, or no kid, cannot start")
    func unusableKeySets() async throws {
        for json in [
            #"{"keys": []}"#, #"{"keys": [{"kty": "oct", "kid": "k", "k": "c2VjcmV0"}]}"#,
            #"{"keys": [{"kty": "EC", "crv": "P-256", "x": "AA", "y": "AA"}]}"#, #"{"kid": "k"}"#,
        ] {
            let path = NSTemporaryDirectory() + "healthimport-jwks-" + UUID().uuidString + ".json"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try await OIDCVerifier.start(Self.settings(.file(path)))
                Issue.record("\(json) started")
            } catch {
                #expect(error.message.contains(path), "\(error.message)")
                #expect(!error.isUnavailable)
            }
        }
    }
}
#endif
