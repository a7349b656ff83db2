#if PostgreSQL
/// One API key of a person, as `people key list` shows it (the token itself is never stored).
public struct PersonKey: Sendable, Equatable {
    /// The key's id (`key_` and 12 hex digits), which `people key revoke` takes.
    public var id: String
    /// Whose key it is.
    public var person: String
    /// The key's label (`default` unless given).
    public var name: String
    public var scope: KeyScope
    /// When it was made (ISO 8601).
    public var created: String
}

/// A key just made: its description and its token, which only this value ever holds.
public struct IssuedKey: Sendable {
    public var key: PersonKey
    public var token: String
}
#endif
