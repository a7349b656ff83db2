#if PostgreSQL
extension PersonKey {
    /// What an OpenID Connect sign-in token of `person` stands for: a write key with the id
    /// `openid-connect`, stored nowhere.
    public static func signIn(of person: String) -> PersonKey {
        PersonKey(id: "openid-connect", person: person, name: "sign-in", scope: .write, created: "")
    }
}
#endif
