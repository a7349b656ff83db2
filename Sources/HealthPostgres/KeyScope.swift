#if PostgreSQL
/// What an API key may do. Each scope includes the ones before it.
public enum KeyScope: String, Sendable, CaseIterable, Comparable {
    /// Read the person's own data: status, records, sync status, their export.
    case read
    /// Also upload exports and samples, mark the backfill complete and erase their own data.
    case write
    /// Also every `/api/admin/…` route, for every person.
    case admin

    private var rank: Int {
        switch self {
        case .read: 0
        case .write: 1
        case .admin: 2
        }
    }

    public static func < (lhs: KeyScope, rhs: KeyScope) -> Bool { lhs.rank < rhs.rank }
}
#endif
