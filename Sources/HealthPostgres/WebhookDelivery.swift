#if PostgreSQL
/// A webhook message to deliver: its id (the `webhook-id` every attempt repeats), where, and
/// its JSON body.
public struct WebhookDelivery: Sendable {
    /// Whose upload it tells of.
    public var person: String
    public var id: String
    public var url: String
    /// `person` (the person's webhook, signed with its secret) or `server` (`serve --webhook`).
    public var target: String
    public var body: String
    /// Attempts made before this one.
    public var attempts: Int
}
#endif
