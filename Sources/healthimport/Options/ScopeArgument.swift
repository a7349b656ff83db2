#if PostgreSQL
import ArgumentParser
import HealthPostgres

/// `--scope read|write|admin`: what a new API key may do.
enum ScopeArgument: String, ExpressibleByArgument, CaseIterable {
    case read, write, admin

    var scope: KeyScope {
        switch self {
        case .read: .read
        case .write: .write
        case .admin: .admin
        }
    }
}
#endif
