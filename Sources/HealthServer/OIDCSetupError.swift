#if PostgreSQL
/// Why sign-in with OpenID Connect cannot start: the issuer's key set cannot be read, fetched
/// or used.
public struct OIDCSetupError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one line a user can act on.
    public var message: String
    /// Whether the key set URL could not be reached (rather than being wrong).
    public var isUnavailable: Bool

    /// A failure told as `message`; `isUnavailable` when the key set URL could not be reached.
    public init(_ message: String, isUnavailable: Bool = false) {
        self.message = message
        self.isUnavailable = isUnavailable
    }

    /// The message.
    public var description: String { message }
}
#endif
