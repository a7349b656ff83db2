#if PostgreSQL
/// What erasing a person removed: how many rows per table, and the audit row that says so.
public struct Erasure: Sendable {
    /// Whose rows went.
    public var person: String
    /// Who asked (`admin token`, `key key_… (name)`, `command line`).
    public var requestedBy: String
    /// When (ISO 8601).
    public var requested: String
    /// Every table holding people's rows, with how many of this person's it removed.
    public var rows: [(table: String, count: Int)]
    /// The audit row's id (`erasures.id`).
    public var auditID: Int64

    /// Every row removed.
    public var total: Int { rows.reduce(0) { $0 + $1.count } }
}
#endif
