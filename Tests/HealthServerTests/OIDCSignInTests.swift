#if PostgreSQL
import Foundation
import Testing

/// `serve --oidc-issuer …` end to end: tokens signed with keys the test makes, sent to the built
/// server over loopback.
@Suite("Sign-in with OpenID Connect", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct OIDCSignInTests {
    /// Asserts `answer` is the 401 of a refused sign-in token whose failed check is `check`.
    static func expectRefused(_ answer: HTTPAnswer, check: String, token: String) {
        #expect(answer.status == 401, "\(answer.text)")
        #expect(answer.json["check"] as? String == check, "\(answer.text)")
        #expect((answer.json["error"] as? String)?.hasPrefix("sign-in token refused: ") == true)
        #expect(answer.headers.lowercased().contains("www-authenticate: bearer error=\"invalid_token\""))
        #expect(!answer.text.contains(token), "the answer never holds the token")
    }

    @Test("A signed-in person uploads and reads; expired, foreign, wrong-audience and foreign-key tokens get 401")
    func signIn() async throws {
        let issuer = try await TestIssuer()
        let person = TestPostgres.freshPerson("oidc")
        let key = try Tool.addPerson(person)
        let server = try ServerProcess(arguments: TestIssuer.options(jwks: issuer.writeKeySet()))

        #expect(server.stderr.contains("signing in with tokens of \(TestIssuer.issuer) for \(TestIssuer.audience)"))
        let rsa = try await issuer.token(person)
        let upload = try server.request(
            "POST", "/api/healthkit/samples", token: rsa, body: ServerExports.samplesJSON(0..<6))
        #expect(upload.status == 200, "\(upload.text)")
        #expect(upload.json["new"] as? Int == 6)
        let ec = try await issuer.token(person, kid: "ec-1")
        let more = try server.request(
            "POST", "/api/healthkit/samples", token: ec, body: ServerExports.samplesJSON(6..<10))
        #expect(more.status == 200, "\(more.text)")
        #expect(more.json["new"] as? Int == 4)
        let sync = try server.request("GET", "/api/healthkit/sync-status", token: ec)
        #expect(sync.status == 200, "\(sync.text)")
        #expect(sync.json["backfillComplete"] as? Bool == false, "\(sync.text)")
        // The person's own key reads what the sign-in token wrote.
        #expect(try ServerFlowTests.stepRows(server, token: key) == 10)

        let expired = try await issuer.token(person, expiresIn: -3600)
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: expired), check: "exp", token: expired)
        let foreignIssuer = try await issuer.token(person, issuer: "https://elsewhere.example")
        Self.expectRefused(
            try server.request("POST", "/api/healthkit/samples", token: foreignIssuer, body: "[]"), check: "iss",
            token: foreignIssuer)
        let otherAudience = try await issuer.token(person, audience: ["another-app"])
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: otherAudience), check: "aud",
            token: otherAudience)
        let rogue = try await issuer.token(person, kid: "rogue", foreignKey: true)
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: rogue), check: "signature", token: rogue)
        let impostor = try await issuer.token(person, kid: "rsa-1", foreignKey: true)
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: impostor), check: "signature",
            token: impostor)
        let early = try await issuer.token(person, notBefore: 3600)
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: early), check: "nbf", token: early)

        // Keys keep working beside sign-in; a bearer that is no JWT is checked as a key.
        #expect(try server.request("GET", "/api/healthkit/sync-status", token: key).status == 200)
        let unknown = try server.request("GET", "/api/healthkit/sync-status", token: "hi_not.a-key")
        #expect(unknown.status == 401)
        #expect(unknown.json["error"] as? String == "unknown or revoked token")
        // A sign-in token acts with write scope on its own person, never as the admin.
        let reset = "{\"userId\": \"\(person)\"}"
        let admin = try server.request("POST", "/api/admin/reset-healthkit-backfill", token: rsa, body: reset)
        #expect(admin.status == 403, "\(admin.text)")
        #expect(try server.request("DELETE", "/api/admin/people/\(person)", token: rsa).status == 403)
        #expect(
            try server.request("POST", "/api/admin/reset-healthkit-backfill", token: expired, body: reset).status == 401
        )
        #expect(server.stop() == 0)
    }

    @Test("An unknown person gets 401, unless --oidc-create-people adds them on first sign-in")
    func createPeople() async throws {
        let issuer = try await TestIssuer()
        let jwks = try issuer.writeKeySet()
        let person = TestPostgres.freshPerson("newcomer")
        let token = try await issuer.token(person, kid: "ec-1")
        let closed = try ServerProcess(arguments: TestIssuer.options(jwks: jwks))
        Self.expectRefused(
            try closed.request("POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<3)),
            check: "person", token: token)
        #expect(closed.stop() == 0)
        let before = try Tool.healthimport(["people", "list", "--db", TestPostgres.url!])
        #expect(before.status == 0)
        #expect(!before.stdout.contains(person))

        let open = try ServerProcess(arguments: TestIssuer.options(jwks: jwks, createPeople: true))
        // The admin routes refuse a sign-in token before anyone is added.
        let bystander = TestPostgres.freshPerson("bystander")
        let bystanderToken = try await issuer.token(bystander)
        let admin = try open.request("DELETE", "/api/admin/people/\(person)", token: bystanderToken)
        #expect(admin.status == 403, "\(admin.text)")
        let upload = try open.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<3))
        #expect(upload.status == 200, "\(upload.text)")
        #expect(upload.json["new"] as? Int == 3)
        #expect(try open.request("GET", "/api/healthkit/sync-status", token: token).status == 200)
        #expect(open.stop() == 0)
        let after = try Tool.healthimport(["people", "list", "--db", TestPostgres.url!])
        #expect(after.stdout.split(separator: "\n").contains { $0.split(separator: "\t").first == Substring(person) })
        #expect(!after.stdout.contains(bystander))
    }

    @Test("The email claim names the person in lower case; an unverified address gets 401")
    func emailClaim() async throws {
        let issuer = try await TestIssuer()
        let person = "jo-\(UUID().uuidString.prefix(8).lowercased())@example.org"
        _ = try Tool.addPerson(person)
        let server = try ServerProcess(arguments: TestIssuer.options(jwks: issuer.writeKeySet(), claim: "email"))
        let token = try await issuer.token("248289761001", email: person.uppercased(), emailVerified: true)
        #expect(try server.request("GET", "/api/healthkit/sync-status", token: token).status == 200)
        let unverified = try await issuer.token("248289761001", email: person, emailVerified: false)
        Self.expectRefused(
            try server.request("GET", "/api/healthkit/sync-status", token: unverified), check: "email",
            token: unverified)
        #expect(server.stop() == 0)
    }

    @Test(
        "A bad --oidc-* combination or an unreadable key set exits 64 with one line",
        arguments: [
            (["--oidc-audience", "app"], "--oidc-audience needs --oidc-issuer URL"),
            (
                ["--oidc-create-people", "--oidc-claim", "email"],
                "--oidc-claim, --oidc-create-people need --oidc-issuer URL"
            ),
            (["--oidc-issuer", TestIssuer.issuer, "--oidc-jwks", "/dev/null"], "needs --oidc-audience"),
            (["--oidc-issuer", TestIssuer.issuer, "--oidc-audience", "app"], "needs --oidc-jwks"),
            (["--oidc-issuer", "issuer", "--oidc-audience", "app", "--oidc-jwks", "k"], "http(s) URL"),
            (
                [
                    "--oidc-issuer", TestIssuer.issuer, "--oidc-audience", "app", "--oidc-jwks",
                    "/nonexistent/jwks.json",
                ],
                "cannot read the key set file /nonexistent/jwks.json"
            ),
            (
                [
                    "--oidc-issuer", TestIssuer.issuer, "--oidc-audience", "app", "--oidc-jwks",
                    Tool.repositoryRoot + "/docs/openapi.yaml",
                ], "docs/openapi.yaml is not a JSON Web Key Set"
            ),
            (
                [
                    "--oidc-issuer", TestIssuer.issuer, "--oidc-audience", "app", "--oidc-jwks", "k.json",
                    "--oidc-claim", "name",
                ], "--oidc-claim is sub or email"
            ),
        ])
    func badOptions(options: [String], message: String) throws {
        let output = try Tool.healthimport(["serve", "--db", TestPostgres.url!, "--port", "0"] + options)
        #expect(output.status == 64)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
#endif
