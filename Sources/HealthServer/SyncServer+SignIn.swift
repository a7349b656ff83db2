#if PostgreSQL
import HealthPostgres
import Hummingbird

/// Sign-in with OpenID Connect: a verified token acts as a write key of its own person.
extension SyncServer {
    /// The key a sign-in token stands for, or `nil` when `token` is no JWT or sign-in is off
    /// (it is then checked as a key). Throws an ``OIDCRejection`` for a token that fails a
    /// check or names a person the server does not know.
    func signInKey(_ token: String) async throws -> PersonKey? {
        guard let verifier = configuration.signIn, OIDCVerifier.looksLikeJWT(token) else { return nil }
        let person = try await verifier.person(for: token)
        let createPeople = verifier.settings.createPeople
        guard try await directory.signInPerson(person, create: createPeople) else {
            throw OIDCRejection(
                "person",
                "\(person) is not a person of this server (healthimport people add \(person), or serve --oidc-create-people)"
            )
        }
        return .signIn(of: person)
    }
}
#endif
